import type { Route } from './+types/sitemap';
import { sitemapResponse } from './feeds.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return sitemapResponse(request, context);
}
