import { MESSAGES } from '../../../../core/messages';
import type { ActionFailure } from '../../../lib/action-result';
import { droppedMidUpload } from '../../../lib/api-client';
import { errorText } from '../dashboard-api';

/**
 * The message for a failed save (SPEC section 8): the network's own text, or 'Error saving project: …'. An upload
 * that broke off part-way says which image was going up, which tells more than the network's text.
 */
export function saveFailure(failure: ActionFailure): string {
  if (droppedMidUpload(failure)) return failure.error;
  if (failure.status === null) return MESSAGES.projectSaveNetworkError;
  return MESSAGES.errorSavingProject(errorText(failure, MESSAGES.internalError));
}
