import { useEffect, useRef, useState } from 'react';
import { useActionData } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import type { ActionResult } from '../../lib/action-result';
import { apiRequest, failureOf } from '../../lib/api-client';
import { Field } from '../../ui/field';

type FormState = 'idle' | 'sending' | 'success' | 'error';

/** The thanks after sending, or the failure: where a page posted without JavaScript lands. */
const STATUS_ID = 'contact-status';

/**
 * The contact form (SPEC sections 4, 5, 8): idle, sending, success or error.
 * With JavaScript it posts to /api/contact; without, the browser posts the
 * page and the route's action answers. Both failures come in the one error
 * shape (`ActionResult`); it is not the dashboard's submit hook, which public
 * pages must not load (decision 017).
 */
export function ContactForm() {
  const pageResult = useActionData<ActionResult>();
  const [state, setState] = useState<FormState>(pageResult ? (pageResult.ok ? 'success' : 'error') : 'idle');
  const [fields, setFields] = useState<Record<string, string>>(
    pageResult && !pageResult.ok ? (pageResult.fields ?? {}) : {},
  );
  // Said instead of the general failure text when the server limits this address's messages.
  const [limitNotice, setLimitNotice] = useState<string | undefined>(
    pageResult && !pageResult.ok && !pageResult.fields ? pageResult.error : undefined,
  );
  const startedAt = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (startedAt.current) startedAt.current.value = String(Date.now());
  }, []);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setState('sending');
    setFields({});
    setLimitNotice(undefined);
    try {
      await apiRequest('POST', '/api/contact', Object.fromEntries(new FormData(form)));
      form.reset();
      setState('success');
    } catch (error) {
      const failure = failureOf(error);
      setFields(failure.fields ?? {});
      if (failure.status === 429) setLimitNotice(failure.error);
      setState('error');
    }
  };

  // The controls carry `required` without the dashboard's mark: all but the phone are, and the phone says so.
  const shared = { block: 'contact-form', idPrefix: 'contact' } as const;

  return (
    // Without JavaScript the answer is a new page: the fragment lands it on the thanks (or the failure), not at the top.
    <form method="post" action={`/contact#${STATUS_ID}`} className="contact-form" onSubmit={onSubmit}>
      <Field {...shared} name="name" label="Full Name" error={fields.name}>
        {(props) => <input {...props} autoComplete="name" required />}
      </Field>
      <Field {...shared} name="email" label="Email Address" error={fields.email}>
        {(props) => <input {...props} type="email" autoComplete="email" required />}
      </Field>
      <Field
        {...shared}
        name="phone"
        label={
          <>
            Phone <span className="contact-form__optional">(optional)</span>
          </>
        }
        error={fields.phone}
      >
        {(props) => <input {...props} type="tel" autoComplete="tel" />}
      </Field>
      <Field {...shared} name="message" label="Message" error={fields.message}>
        {(props) => <textarea {...props} rows={6} required />}
      </Field>
      {/* People leave this empty; bots fill it in. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="formStartedAt" ref={startedAt} />
      <button type="submit" className="button" disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
      <p id={STATUS_ID} tabIndex={-1} role="status" className={`contact-form__status contact-form__status--${state}`}>
        {state === 'success' && MESSAGES.contactSuccess}
        {state === 'error' && (limitNotice ?? MESSAGES.contactFailure)}
      </p>
    </form>
  );
}
