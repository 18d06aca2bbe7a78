import type { Route } from './+types/rss';
import { rssResponse } from './feeds.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return rssResponse(request, context);
}
