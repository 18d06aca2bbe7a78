import type { FieldMessages } from '../../core/schemas/fields';

/**
 * What every route action answers (settings, inbox, sign-in, contact page): done, with an
 * optional message, or failed, with what to say and the message of each invalid field. `Done`
 * and `Failed` add what one action needs besides, such as the sign-in step's challenge.
 */
export type ActionResult<Done extends object = object, Failed extends object = object> =
  ({ ok: true; message?: string } & Done) | ({ ok: false; error: string; fields?: FieldMessages } & Failed);

export type ActionFailure = Extract<ActionResult, { ok: false }>;
