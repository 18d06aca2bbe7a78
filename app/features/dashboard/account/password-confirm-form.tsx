import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import type { NoticeReport } from '../notice';
import { PasswordAgainField } from '../password-again-field';
import { useFormSubmit } from '../use-form-submit';
import { accountRequest, reportAccountFailure } from './account-api';

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
  const { form, submit: save, busy, errors: fieldErrors } = useFormSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await save({
      more: password ? {} : { password: MESSAGES.currentPasswordRequired },
      send: () => accountRequest<T>('POST', path, { password }),
      onFailure: reportAccountFailure(report, failure),
    });
    if (result.ok) {
      setPassword('');
      onDone(result.data);
    }
  }

  return (
    <form ref={form} className="dashboard-form account__confirm" noValidate onSubmit={submit}>
      <fieldset>
        <legend>{legend}</legend>
        <PasswordAgainField idPrefix={idPrefix} value={password} onChange={setPassword} error={fieldErrors.password} />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? 'Checking...' : submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
