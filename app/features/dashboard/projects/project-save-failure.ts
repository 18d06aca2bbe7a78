import { MESSAGES } from '../../../../core/messages';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../dashboard-api';

/** The message for a failed save (SPEC section 8): the network's own text, or 'Error saving project: …'. */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return MESSAGES.projectSaveNetworkError;
  return MESSAGES.errorSavingProject(errorText(error, MESSAGES.internalError));
}
