import type { Route } from './+types/sitemap';
import { sitemapResponse } from './feeds.server';

export function loader({ context }: Route.LoaderArgs) {
  return sitemapResponse(context);
}
