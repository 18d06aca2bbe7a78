import { MESSAGES } from '../../../core/messages';
import { PasswordForm } from '../../features/dashboard/account/password-form';
import { SessionsTable } from '../../features/dashboard/account/sessions-table';
import { SignInHistory } from '../../features/dashboard/account/sign-in-history';
import { TwoFactorSection } from '../../features/dashboard/account/two-factor-section';
import { NoticeArea, useNotice } from '../../features/dashboard/notice';
import { formatDateTime } from '../../lib/format';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import type { Route } from './+types/dashboard-account';
import { loadAccount } from './dashboard-account.server';
import '../../features/dashboard/account/account.css';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAccount(context, request);
}

export const meta = () => dashboardMeta('Account');

/** The owner's account: password, where they are signed in, two-factor sign-in, the sign-in history. */
export default function DashboardAccount({ loaderData }: Route.ComponentProps) {
  const zone = useSiteTimeZone();
  const { account, sessions, signIns } = loaderData;
  const { notice, showSuccess, showError, clear } = useNotice();
  const report = { showSuccess, showError };
  return (
    <>
      <h1>Account</h1>
      <NoticeArea notice={notice} onDismiss={clear} />
      {account.mustChangePassword && (
        <p className="notice notice--error account__must-change">{MESSAGES.passwordChangeRequired}</p>
      )}
      <div className="account">
        <section className="dashboard-card" aria-labelledby="account-password-title">
          <h2 id="account-password-title">Password</h2>
          <p className="account__hint">
            Signed in as <strong>{account.username}</strong>.{' '}
            {account.passwordChangedAt
              ? `Password last changed ${formatDateTime(account.passwordChangedAt, zone)}.`
              : 'The password has not been changed since the site was set up.'}{' '}
            Changing it signs out every other session.
          </p>
          <PasswordForm username={account.username} report={report} />
        </section>
        <section className="dashboard-card" aria-labelledby="account-sessions-title">
          <h2 id="account-sessions-title">Sessions</h2>
          <p className="account__hint">Where you are signed in. A session unused for a while ends by itself.</p>
          <SessionsTable sessions={sessions} report={report} />
        </section>
        <section className="dashboard-card" aria-labelledby="account-two-factor-title">
          <h2 id="account-two-factor-title">Two-factor sign-in</h2>
          <TwoFactorSection account={account} report={report} />
        </section>
        <section className="dashboard-card" aria-labelledby="account-history-title">
          <h2 id="account-history-title">Sign-in history</h2>
          <SignInHistory events={signIns} />
        </section>
      </div>
    </>
  );
}
