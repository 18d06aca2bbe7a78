import { MESSAGES } from './messages';

/** The sign-in page: where a form post to the API comes back to with its failure, and where sign-out leads. */
export const LOGIN_PATH = '/dashboard/login';

/** Where a signed-in administrator goes when the sign-in asked for nowhere in particular. */
export const DASHBOARD_HOME_PATH = '/dashboard';

/**
 * Only same-site paths under /dashboard: a sign-in never sends anyone elsewhere. The query is printable ASCII
 * without a backslash or a space (the browser percent-encodes the rest), since the target becomes a Location
 * header: CR/LF or a character beyond Latin-1 there made the answer fail after the session was opened.
 */
export function safeRedirectTarget(value: unknown): string {
  const target = typeof value === 'string' ? value : '';
  return /^\/dashboard(\/[\w\-/]*)?(\?[!-[\]-~]*)?$/.test(target) ? target : DASHBOARD_HOME_PATH;
}

/**
 * Whether a failed two-factor step leaves its code form up: a wrong code does (401); an expired challenge, the
 * limit or anything else goes back to the name and password.
 */
export function codeStepStays(status: number | null | undefined, error: string): boolean {
  return status === 401 && error !== MESSAGES.signInChallengeExpired;
}

/** The sign-in page's address, keeping the page asked for when it is not the dashboard's home. */
export function loginPathFor(target: string): string {
  return target === DASHBOARD_HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?redirectTo=${encodeURIComponent(target)}`;
}
