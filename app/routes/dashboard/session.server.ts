import { type AppLoadContext, redirect } from 'react-router';
import { PRIVATE_CACHE_CONTROL } from '../../../server/http/cache-policy';
import type { AdminSession } from '../../../server/services/account/sessions';
import { LOGIN_PATH } from '../../../core/sign-in';

/** The headers of every dashboard page and the sign-in page: the administrator's, kept by nobody (decision 008). */
export function dashboardHeaders(): HeadersInit {
  return { 'Cache-Control': PRIVATE_CACHE_CONTROL };
}

const ACCOUNT_PATH = '/dashboard/account';

/**
 * First in every dashboard loader: no session, no dashboard. A session whose password was
 * generated or reset sees only the account page until a new password is chosen.
 */
export async function requireAdminSession(context: AppLoadContext, request: Request): Promise<AdminSession> {
  // Looked up once per request by the server (server/http/session.ts), like the API's.
  const session = context.admin;
  const url = new URL(request.url);
  if (!session) throw redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (session.mustChangePassword && url.pathname !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH);
  return session;
}
