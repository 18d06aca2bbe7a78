import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { passwordChangeSchema } from '../../../../core/schemas/account.schema';
import { fieldMessages } from '../../../../core/schemas/fields';
import { Field } from '../form-field';
import { FormActions } from '../form-actions';
import type { NoticeReport } from '../notice';
import { useAccountCall } from './use-account-call';

const EMPTY = { currentPassword: '', newPassword: '', repeatPassword: '' };

/**
 * The current password, then the new one twice. The rules of core are checked before sending; the
 * server adds its check against common passwords and signs every other session out.
 */
export function PasswordForm({ username, report }: { username: string; report: NoticeReport }) {
  const [values, setValues] = useState(EMPTY);
  const { call, busy, fieldErrors, setFieldErrors } = useAccountCall(report);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = passwordChangeSchema(username).safeParse(values);
    const errors = checked.success ? {} : fieldMessages(checked.error);
    if (values.repeatPassword !== values.newPassword) errors.repeatPassword = MESSAGES.passwordsDiffer;
    if (Object.keys(errors).length > 0) return setFieldErrors(errors);
    const { currentPassword, newPassword } = values;
    const changed = await call(
      'POST',
      '/api/account/password',
      { currentPassword, newPassword },
      MESSAGES.internalError,
    );
    if (changed) {
      setValues(EMPTY);
      report.showSuccess(MESSAGES.passwordChanged);
    }
  }

  return (
    <form className="dashboard-form" noValidate onSubmit={submit} aria-labelledby="account-password-title">
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Field
        idPrefix="account"
        name="currentPassword"
        label="Current password"
        error={fieldErrors.currentPassword}
        required
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
          />
        )}
      </Field>
      <Field idPrefix="account" name="newPassword" label="New password" error={fieldErrors.newPassword} required>
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            aria-describedby={[props['aria-describedby'], 'account-password-rules'].filter(Boolean).join(' ')}
            value={values.newPassword}
            onChange={set('newPassword')}
          />
        )}
      </Field>
      <p id="account-password-rules" className="account__hint">
        At least {PASSWORD_MIN_LENGTH} characters, not your user name, and not a common password. A few unrelated words
        make a good one.
      </p>
      <Field
        idPrefix="account"
        name="repeatPassword"
        label="Repeat the new password"
        error={fieldErrors.repeatPassword}
        required
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            value={values.repeatPassword}
            onChange={set('repeatPassword')}
          />
        )}
      </Field>
      <FormActions
        busy={busy}
        submitLabel="Change password"
        busyLabel="Changing..."
        onCancel={() => {
          setValues(EMPTY);
          setFieldErrors({});
        }}
      />
    </form>
  );
}
