import { type FormEvent, useState } from 'react';
import type { AccountSummary, TwoFactorSetup } from '../../../../core/account';
import { Field } from '../../../ui/field';
import { FormActions } from '../form-actions';
import type { NoticeReport } from '../notice';
import { PasswordConfirmForm } from './password-confirm-form';
import { RecoveryCodes } from './recovery-codes';
import { useFormSubmit } from '../use-form-submit';
import { accountRequest, reportAccountFailure } from './account-api';

/** The secret in groups of four, as it is easiest to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function SetupForm({
  setup,
  report,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  report: NoticeReport;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const { form, submit: save, busy, errors: fieldErrors } = useFormSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await save({
      send: () => accountRequest<{ recoveryCodes: string[] }>('POST', '/api/account/two-factor/enable', { code }),
      onFailure: reportAccountFailure(report, 'Error turning on two-factor sign-in'),
    });
    if (result.ok) onEnabled(result.data.recoveryCodes);
  }

  return (
    <form ref={form} className="dashboard-form account__setup" noValidate onSubmit={submit}>
      <ol className="account__steps">
        <li>
          <p>
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…):
          </p>
          <img
            src={setup.qrCode}
            width={200}
            height={200}
            alt="QR code holding the key for your authenticator app; the same key is written out below"
          />
        </li>
        <li>
          <p>Or type this key into the app (time-based, 6 digits):</p>
          <p>
            <code className="account__secret">{groupedSecret(setup.secret)}</code>
          </p>
        </li>
        <li>
          <Field idPrefix="two-factor" name="code" label="Code from the app" error={fieldErrors.code} required>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </Field>
        </li>
      </ol>
      <FormActions busy={busy} submitLabel="Turn on" busyLabel="Checking..." onCancel={onCancel} />
    </form>
  );
}

/** Two-factor sign-in: set up with an authenticator app, then one-time recovery codes; off again with the password. */
export function TwoFactorSection({ account, report }: { account: AccountSummary; report: NoticeReport }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { submit, busy } = useFormSubmit();

  if (codes) return <RecoveryCodes codes={codes} username={account.username} onDone={() => setCodes(null)} />;

  if (account.twoFactorEnabled) {
    return (
      <>
        <p>
          Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your authenticator app.{' '}
          {account.recoveryCodesLeft} unused recovery code{account.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
        <div className="account__confirms">
          <PasswordConfirmForm<{ recoveryCodes: string[] }>
            idPrefix="recovery-codes"
            legend="New recovery codes (the old ones stop working)"
            path="/api/account/recovery-codes"
            submitLabel="Make new recovery codes"
            failure="Error making new recovery codes"
            report={report}
            onDone={(answer) => setCodes(answer.recoveryCodes)}
          />
          <PasswordConfirmForm
            idPrefix="two-factor-off"
            legend="Turn two-factor sign-in off"
            path="/api/account/two-factor/disable"
            submitLabel="Turn off"
            failure="Error turning off two-factor sign-in"
            report={report}
            onDone={() => report.showSuccess('Two-factor sign-in is off.')}
          />
        </div>
      </>
    );
  }

  if (setup) {
    return (
      <SetupForm
        setup={setup}
        report={report}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          report.showSuccess('Two-factor sign-in is on.');
        }}
        onCancel={() => setSetup(null)}
      />
    );
  }

  async function startSetup() {
    const started = await submit({
      send: () => accountRequest<TwoFactorSetup>('POST', '/api/account/two-factor/setup'),
      onFailure: reportAccountFailure(report, 'Error setting up two-factor sign-in'),
    });
    if (started.ok) setSetup(started.data);
  }

  return (
    <>
      <p>
        Two-factor sign-in is <strong>off</strong>. With it on, signing in also asks for a code from an app on your
        phone, so a stolen password alone is not enough.
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void startSetup()}>
        Set up two-factor sign-in
      </button>
    </>
  );
}
