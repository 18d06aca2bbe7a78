import type { Route } from './+types/robots';
import { robotsResponse } from './feeds.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return robotsResponse(request, context);
}
