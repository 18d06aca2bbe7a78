import { type HandleErrorFunction, isRouteErrorResponse } from 'react-router';
import { logPartFailure, partFailureOf } from '../../server/http/errors';

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
  const failure = partFailureOf(original, request.method.toUpperCase());
  if (failure) {
    // The database, the image store or the disk: the page answers 503 or 507 (entry.server.tsx), and one line.
    context.partFailure = failure;
    logPartFailure(failure, request.method.toUpperCase(), new URL(request.url).pathname);
    return;
  }
  console.error(original);
};
