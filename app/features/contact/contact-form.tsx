import { useEffect, useRef, useState } from 'react';
import { useActionData } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import type { ContactActionResult } from '../../routes/public/contact.server';

type FormState = 'idle' | 'sending' | 'success' | 'error';

/**
 * The contact form (SPEC sections 4, 5, 8): idle, sending, success or error.
 * With JavaScript it posts to /api/contact; without, the browser posts the
 * page and the route's action answers.
 */
export function ContactForm() {
  const pageResult = useActionData<ContactActionResult>();
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
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
      const body = (await response.json().catch(() => ({}))) as {
        success?: boolean;
        error?: string;
        fields?: Record<string, string>;
      };
      if (!response.ok || !body.success) {
        setFields(body.fields ?? {});
        if (response.status === 429) setLimitNotice(body.error);
        setState('error');
        return;
      }
      form.reset();
      setState('success');
    } catch {
      setState('error');
    }
  };

  const invalid = (name: string) =>
    fields[name] ? { 'aria-invalid': true, 'aria-describedby': `contact-${name}-error` } : {};
  const error = (name: string) =>
    fields[name] && (
      <p id={`contact-${name}-error`} className="contact-form__error">
        {fields[name]}
      </p>
    );

  return (
    <form method="post" className="contact-form" onSubmit={onSubmit}>
      <div className="contact-form__field">
        <label htmlFor="contact-name">Full Name</label>
        <input id="contact-name" name="name" autoComplete="name" required {...invalid('name')} />
        {error('name')}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-email">Email Address</label>
        <input id="contact-email" name="email" type="email" autoComplete="email" required {...invalid('email')} />
        {error('email')}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-phone">
          Phone <span className="contact-form__optional">(optional)</span>
        </label>
        <input id="contact-phone" name="phone" type="tel" autoComplete="tel" />
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={6} required {...invalid('message')} />
        {error('message')}
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
      <p role="status" className={`contact-form__status contact-form__status--${state}`}>
        {state === 'success' && MESSAGES.contactSuccess}
        {state === 'error' && (limitNotice ?? MESSAGES.contactFailure)}
      </p>
    </form>
  );
}
