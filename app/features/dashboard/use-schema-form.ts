import { type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldMessages, fieldMessages } from '../../../core/schemas/fields';
import { ApiError } from '../../lib/api-client';

/**
 * The message beside each invalid field of a form. Showing them moves the focus to the first invalid
 * control in the form's order (after the render that marks it), so its message is read out; clearing
 * one field's message as it is corrected leaves the focus where the typing is.
 */
export function useFieldErrors(formRef?: RefObject<HTMLFormElement | null>) {
  const ownRef = useRef<HTMLFormElement>(null);
  const form = formRef ?? ownRef;
  const [shown, setShown] = useState<{ errors: FieldMessages; focus: boolean }>({ errors: {}, focus: false });

  useEffect(() => {
    if (shown.focus) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown, form]);

  return {
    form,
    errors: shown.errors,
    showErrors: (errors: FieldMessages) => setShown({ errors, focus: Object.keys(errors).length > 0 }),
    clearError: (name: string) =>
      setShown(({ errors: { [name]: _fixed, ...rest } }) => ({ errors: rest, focus: false })),
  };
}

/**
 * A dashboard form checked with the API's own schema before it sends, so each field says what the
 * server would: its values, the field messages (the server's `fields` shown the same way), and the
 * saving state of the call.
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(schema: S, initial: V | (() => V)) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const fieldErrors = useFieldErrors();

  function change<K extends keyof V>(name: K, value: V[K]) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  /**
   * Checks `input` (the values as they are, unless given) and the form's own rules (`more`), shows
   * what is wrong or clears the messages, and gives the checked data when all is well.
   */
  function check(input: unknown = values, more: FieldMessages = {}): z.output<S> | null {
    const checked = schema.safeParse(input);
    const errors = { ...(checked.success ? {} : fieldMessages(checked.error)), ...more };
    fieldErrors.showErrors(errors);
    return checked.success && Object.keys(more).length === 0 ? checked.data : null;
  }

  /** Runs the call with the saving state on; when it fails, the server's field messages show and `failed` says the rest. */
  async function save(send: () => Promise<void>, failed: (error: unknown) => void) {
    setSaving(true);
    try {
      await send();
    } catch (error) {
      if (error instanceof ApiError && error.fields) fieldErrors.showErrors(error.fields);
      failed(error);
    } finally {
      setSaving(false);
    }
  }

  return { ...fieldErrors, values, change, check, saving, save };
}
