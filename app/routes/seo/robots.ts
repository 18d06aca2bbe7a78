import type { Route } from './+types/robots';
import { robotsResponse } from './feeds.server';

export function loader({ context }: Route.LoaderArgs) {
  return robotsResponse(context);
}
