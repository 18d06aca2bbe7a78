import type { Route } from './+types/rss';
import { rssResponse } from './feeds.server';

export function loader({ context }: Route.LoaderArgs) {
  return rssResponse(context);
}
