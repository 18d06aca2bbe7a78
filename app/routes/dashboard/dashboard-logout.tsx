import type { Route } from './+types/dashboard-logout';
import { signOut } from './session.server';

export async function action({ context, request }: Route.ActionArgs) {
  return signOut(context, request);
}
