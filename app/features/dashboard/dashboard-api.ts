import type { ActionFailure } from '../../lib/action-result';
import { ApiError, apiRequest, type RequestOptions } from '../../lib/api-client';

/**
 * The dashboard's calls to /api. A 401 means the session ended on the server
 * (24 hours passed, or logout elsewhere): the administrator is sent to sign
 * in again and brought back here afterwards.
 */
export async function dashboardRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: FormData | object,
  options?: RequestOptions,
): Promise<T> {
  try {
    return await apiRequest<T>(method, path, body, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/dashboard/login?redirectTo=${encodeURIComponent(here)}`);
    }
    throw error;
  }
}

/** The message to show for a failed call: the server's or the network's text, else the fallback. */
export function errorText(failure: ActionFailure, fallback: string): string {
  return failure.error || fallback;
}

/** An alert of SPEC section 8 followed by what went wrong, e.g. 'Error deleting client: Client not found'. */
export function withDetail(alert: string, failure: ActionFailure): string {
  return failure.error ? `${alert}: ${failure.error}` : alert;
}
