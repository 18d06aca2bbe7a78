import type { ZodType, z } from 'zod';
import { type FieldMessages, fieldMessages } from '../../core/schemas/fields';
import type { ActionFailure } from './action-result';

/** A form's check: the data as the schema gives it, or the failure the server's 400 would answer. */
export type CheckResult<T> = { ok: true; data: T } | ActionFailure;

/**
 * Checks `input` with the API's own schema (none: taken as it is) and the form's own rules (`more`, messages by
 * field, which win). A failure names each field, and its `error` is the first message, as the API's 400 does.
 */
export function checkInput<S extends ZodType>(
  schema: S | undefined,
  input: unknown,
  more: FieldMessages = {},
): CheckResult<z.output<S>> {
  const checked = schema ? schema.safeParse(input) : { success: true as const, data: input as z.output<S> };
  if (checked.success && Object.keys(more).length === 0) return { ok: true, data: checked.data };
  const fields = { ...(checked.success ? {} : fieldMessages(checked.error)), ...more };
  return { ok: false, error: Object.values(fields)[0] ?? '', fields };
}

/** The named text fields of a form (or of its FormData), as the API takes them; files are left out. */
export function formValues(form: HTMLFormElement | FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form instanceof FormData ? form : new FormData(form)) {
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}
