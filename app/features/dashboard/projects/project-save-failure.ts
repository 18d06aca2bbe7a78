import { MESSAGES } from '../../../../core/messages';
import type { ActionFailure } from '../../../lib/action-result';
import { errorText } from '../dashboard-api';

/** The message for a failed save (SPEC section 8): the network's own text, or 'Error saving project: …'. */
export function saveFailure(failure: ActionFailure): string {
  if (failure.status === null) return MESSAGES.projectSaveNetworkError;
  return MESSAGES.errorSavingProject(errorText(failure, MESSAGES.internalError));
}
