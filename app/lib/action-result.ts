import type { FieldMessages } from '../../core/schemas/fields';

/**
 * The one answer of every write, whatever carried it: a route action (settings, inbox, sign-in, the contact
 * page), a call to /api (`failureOf` in `api-client.ts` turns its error into this), or a form's own check
 * before sending (`checkInput` in `form-check.ts`). Done, with an optional message; or failed, with what to
 * say and the message of each invalid field. `Done` and `Failed` add what one action needs besides, such as
 * the sign-in step's challenge.
 */
export type ActionResult<Done extends object = object, Failed extends object = object> =
  ({ ok: true; message?: string } & Done) | (ActionFailure & Failed);

/**
 * A failed write. `status` is the HTTP status a call to /api was answered with, or null when the server was never
 * reached; a route action and a form's own check leave it out.
 */
export interface ActionFailure {
  ok: false;
  error: string;
  fields?: FieldMessages;
  status?: number | null;
}
