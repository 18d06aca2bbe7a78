import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ZodType, z } from 'zod';
import type { FieldMessages } from '../../../core/schemas/fields';
import type { ActionFailure } from '../../lib/action-result';
import { failureOf, type RequestOptions } from '../../lib/api-client';
import type { FileProgress } from '../../lib/upload-progress';
import { checkInput, formValues } from '../../lib/form-check';

/** One write: what is checked and how it is sent. */
export interface Submission<S extends ZodType, T> {
  /** The form's values, or its FormData (its text fields are taken); left out for a button's call. */
  input?: object | FormData;
  /** The API's own schema for `input`, so each field says what the server would; none: nothing is checked. */
  schema?: S;
  /** The form's own rules besides the schema: a message by field name. */
  more?: FieldMessages;
  /**
   * Sends the checked data (the schema's output, else the input as it is); its answer is the result's `data`.
   * `upload` goes with a multipart call (`dashboardRequest(…, body, upload)`) so that the hook's `uploads` follow it.
   */
  send: (checked: z.output<S>, upload: RequestOptions) => Promise<T>;
  /** Told when the call fails (not when the check does), in the one error shape, to word the page's message. */
  onFailure?: (failure: ActionFailure) => void;
  /** False when a success leaves nothing to load again: a restore, after which the server restarts. */
  revalidateOnSuccess?: boolean;
}

/** `cancelTooLate`: Cancel was pressed once the server had everything, and it stored it (the form says so). */
export type SubmitResult<T> = { ok: true; data: T; cancelTooLate?: true } | ActionFailure;

/** Whether the loaders run again after a failure: only when the server answered (not 401, which leaves the page). */
export function answeredByServer(failure: ActionFailure): boolean {
  return typeof failure.status === 'number' && failure.status !== 401;
}

/**
 * The one way a dashboard form (or button) writes: `submit` checks the input with the API's schema and the form's
 * own rules, shows each field's message (or clears them), holds `busy` while it sends, shows the server's field
 * messages the same way, and after every call the server answered runs the page's loaders again before it
 * resolves, so a notice shown then describes the new data. Showing messages moves the focus to the form's first
 * invalid control (`form` is the ref for its <form>) after the render that marks it; `clearError` drops one
 * field's message as it is corrected and leaves the focus where the typing is. While a multipart body goes up,
 * `uploads` holds each file's progress for `UploadProgress` (empty otherwise).
 *
 * `cancel` is a form's Cancel (its button, Escape, the dialog's ×) while a call runs: before the request leaves or
 * while its body goes up, the call is stopped and `submit` resolves to a failure marked `cancelled` (the server
 * stored nothing); once the server has the whole body, `cancelling` turns on and the call runs to its answer, a
 * success then marked `cancelTooLate`, a failure `cancelled`. A form unmounted meanwhile cancels its call the same way.
 */
export function useFormSubmit() {
  const { revalidate } = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [shown, setShown] = useState<{ errors: FieldMessages; focus: boolean }>({ errors: {}, focus: false });
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState<FileProgress[]>([]);
  const [cancelling, setCancelling] = useState(false);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (shown.focus) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  useEffect(() => () => running.current?.abort(), []);

  const showErrors = (errors: FieldMessages) => setShown({ errors, focus: Object.keys(errors).length > 0 });

  async function submit<S extends ZodType, T>({
    input,
    schema,
    more,
    send,
    onFailure,
    revalidateOnSuccess = true,
  }: Submission<S, T>): Promise<SubmitResult<T>> {
    const checked = checkInput(schema, input instanceof FormData ? formValues(input) : input, more);
    showErrors(checked.ok ? {} : (checked.fields ?? {}));
    if (!checked.ok) return checked;
    setBusy(true);
    const call = new AbortController();
    running.current = call;
    try {
      const data = await send(checked.data, { onUploadProgress: setUploads, signal: call.signal });
      if (revalidateOnSuccess) await revalidate();
      return call.signal.aborted ? { ok: true, data, cancelTooLate: true } : { ok: true, data };
    } catch (error) {
      const failure = failureOf(error);
      if (answeredByServer(failure)) await revalidate();
      // Whatever ended it, the owner asked to stop and nothing was stored: the form closes rather than explains.
      if (call.signal.aborted) return { ...failure, cancelled: true };
      showErrors(failure.fields ?? {});
      onFailure?.(failure);
      return failure;
    } finally {
      running.current = null;
      setBusy(false);
      setCancelling(false);
      setUploads([]);
    }
  }

  function cancel() {
    running.current?.abort();
    if (running.current) setCancelling(true);
  }

  return {
    form,
    errors: shown.errors,
    busy,
    uploads,
    submit,
    cancel,
    cancelling,
    showErrors,
    clearError: (name: string) =>
      setShown(({ errors: { [name]: _fixed, ...rest } }) => ({ errors: rest, focus: false })),
  };
}
