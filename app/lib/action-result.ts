import type { FieldMessages } from '../../core/schemas/fields';

/**
 * The one answer of every write, whatever carried it: the contact page's route action, a call to /api
 * (`failureOf` in `api-client.ts` turns its error into this), or a form's own check before sending
 * (`checkInput` in `form-check.ts`). Done, with an optional message; or failed, with what to say and the
 * message of each invalid field.
 */
export type ActionResult = { ok: true; message?: string } | ActionFailure;

/**
 * A failed write. `status` is the HTTP status a call to /api was answered with, or null when the server was never
 * reached; the contact page's action and a form's own check leave it out.
 */
export interface ActionFailure {
  ok: false;
  error: string;
  fields?: FieldMessages;
  status?: number | null;
  /** The owner stopped the call (a form's Cancel) and the server stored nothing of it. */
  cancelled?: true;
}
