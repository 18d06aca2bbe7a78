import type { Route } from './+types/dashboard-visits-csv';
import { visitsCsvResponse } from './dashboard-visits-csv.server';

/** The daily figures of the dashboard's range as a CSV file (a resource route: no page). */
export function loader({ context, request }: Route.LoaderArgs) {
  return visitsCsvResponse(context, request);
}
