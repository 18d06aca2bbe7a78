import type { FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { passwordChangeSchema } from '../../../../core/schemas/account.schema';
import { Field } from '../../../ui/field';
import { FormActions } from '../form-actions';
import type { NoticeReport } from '../notice';
import { useFormSubmit } from '../use-form-submit';
import { useFormValues } from '../use-form-values';
import { accountRequest, reportAccountFailure } from './account-api';

const EMPTY = { currentPassword: '', newPassword: '', repeatPassword: '' };

/**
 * The current password, then the new one twice. The rules of core are checked before sending; the
 * server adds its check against common passwords and signs every other session out.
 */
export function PasswordForm({ username, report }: { username: string; report: NoticeReport }) {
  const { values, field, reset } = useFormValues(EMPTY);
  const { form, submit: save, busy, errors: fieldErrors, showErrors } = useFormSubmit();

  const passwordField = (name: keyof typeof EMPTY, label: string, autoComplete: string, describedBy?: string) => (
    <Field idPrefix="account" name={name} label={label} error={fieldErrors[name]} required describedBy={describedBy}>
      {(props) => <input {...props} type="password" autoComplete={autoComplete} {...field(name)} />}
    </Field>
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { currentPassword, newPassword } = values;
    const changed = await save({
      input: values,
      schema: passwordChangeSchema(username),
      more: values.repeatPassword !== newPassword ? { repeatPassword: MESSAGES.passwordsDiffer } : {},
      send: () => accountRequest('POST', '/api/account/password', { currentPassword, newPassword }),
      onFailure: reportAccountFailure(report, MESSAGES.internalError),
    });
    if (changed.ok) {
      reset(EMPTY);
      report.showSuccess(MESSAGES.passwordChanged);
    }
  }

  return (
    <form ref={form} className="dashboard-form" noValidate onSubmit={submit} aria-labelledby="account-password-title">
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      {passwordField('currentPassword', 'Current password', 'current-password')}
      {passwordField('newPassword', 'New password', 'new-password', 'account-password-rules')}
      <p id="account-password-rules" className="account__hint">
        At least {PASSWORD_MIN_LENGTH} characters, not your user name, and not a common password. A few unrelated words
        make a good one.
      </p>
      {passwordField('repeatPassword', 'Repeat the new password', 'new-password')}
      <FormActions
        busy={busy}
        submitLabel="Change password"
        busyLabel="Changing..."
        onCancel={() => {
          reset(EMPTY);
          showErrors({});
        }}
      />
    </form>
  );
}
