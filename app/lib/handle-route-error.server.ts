import { type HandleErrorFunction, isRouteErrorResponse } from 'react-router';
import { DatabaseUnavailableError } from '../../server/db/availability';
import { logEvent } from '../../server/log';

/**
 * What React Router does with an error of a page request (entry.server's `handleError`). Its default logs
 * a stack trace for a client's mistake too, such as a POST to a page without a form (405); a 4xx answer is
 * the client's, so only the request log shows it. Anything else is logged as the default does.
 */
export const handleRouteError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router wraps its own errors (an ErrorResponse with the original in `error`); log the original.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const original = wrapped ?? error;
  if (original instanceof DatabaseUnavailableError) {
    // An outage, logged once where it began (availability.ts): the page answers 503 (entry.server.tsx).
    context.databaseUnavailable = true;
    logEvent('warn', 'request failed: database unavailable', {
      method: request.method,
      path: new URL(request.url).pathname,
    });
    return;
  }
  console.error(original);
};
