import { AppError } from '../../server/services/errors';
import type { ActionFailure } from './action-result';

/**
 * A route action's failed answer for an error the sender can put right (a status below 500);
 * anything else is thrown on, so the error page shows it.
 */
export function actionFailure(error: unknown): ActionFailure {
  if (error instanceof AppError && error.status < 500) {
    return { ok: false, error: error.message, fields: error.fields };
  }
  throw error;
}
