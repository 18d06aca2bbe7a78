import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import type { ContactActionResult } from '../../routes/public/contact.server';
import './contact-form.css';

type FormState = 'idle' | 'sending' | 'success' | 'error';

/**
 * The contact form (SPEC sections 4, 5, 8): idle, sending, success or error.
 * It posts to the page's action, so it also works without JavaScript.
 */
export function ContactForm() {
  const fetcher = useFetcher<ContactActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const startedAt = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (startedAt.current) startedAt.current.value = String(Date.now());
  }, []);

  const result = fetcher.data;
  const state: FormState = fetcher.state !== 'idle' ? 'sending' : result ? (result.ok ? 'success' : 'error') : 'idle';
  useEffect(() => {
    if (state === 'success') form.current?.reset();
  }, [state]);
  const fieldError = (name: string) => (result && !result.ok ? result.fields?.[name] : undefined);

  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="contact-form"
      noValidate={false}
      aria-describedby="contact-status"
    >
      <div className="contact-form__field">
        <label htmlFor="contact-name">Full Name</label>
        <input
          id="contact-name"
          name="name"
          autoComplete="name"
          required
          aria-invalid={Boolean(fieldError('name')) || undefined}
        />
        {fieldError('name') && <p className="contact-form__error">{fieldError('name')}</p>}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-email">Email Address</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={Boolean(fieldError('email')) || undefined}
        />
        {fieldError('email') && <p className="contact-form__error">{fieldError('email')}</p>}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-phone">
          Phone <span className="contact-form__optional">(optional)</span>
        </label>
        <input id="contact-phone" name="phone" type="tel" autoComplete="tel" />
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          aria-invalid={Boolean(fieldError('message')) || undefined}
        />
        {fieldError('message') && <p className="contact-form__error">{fieldError('message')}</p>}
      </div>
      {/* People leave this empty; bots fill it in. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="formStartedAt" ref={startedAt} />
      <button type="submit" className="button" disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
      <p id="contact-status" role="status" className={`contact-form__status contact-form__status--${state}`}>
        {state === 'success' && MESSAGES.contactSuccess}
        {state === 'error' && MESSAGES.contactFailure}
      </p>
    </fetcher.Form>
  );
}
