import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { Field } from '../../../ui/field';
import type { NoticeReport } from '../notice';
import { useAccountCall } from './use-account-call';

/** A change that needs the password typed again (turning two-factor sign-in off, new recovery codes). */
export function PasswordConfirmForm<T>({
  idPrefix,
  legend,
  path,
  submitLabel,
  failure,
  report,
  onDone,
}: {
  idPrefix: string;
  legend: string;
  path: string;
  submitLabel: string;
  failure: string;
  report: NoticeReport;
  onDone: (answer: T) => void;
}) {
  const [password, setPassword] = useState('');
  const { form, call, busy, fieldErrors, setFieldErrors } = useAccountCall(report);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setFieldErrors({ password: MESSAGES.currentPasswordRequired });
    const answer = await call<T>('POST', path, { password }, failure);
    if (answer) {
      setPassword('');
      onDone(answer);
    }
  }

  return (
    <form ref={form} className="dashboard-form account__confirm" noValidate onSubmit={submit}>
      <fieldset>
        <legend>{legend}</legend>
        <Field idPrefix={idPrefix} name="password" label="Your password" error={fieldErrors.password} required>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? 'Checking...' : submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
