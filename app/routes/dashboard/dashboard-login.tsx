import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/dashboard-login';
import { dashboardHeaders, signIn } from './session.server';
import '../../features/dashboard/dashboard.css';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';

export function loader({ context }: Route.LoaderArgs) {
  if (context.admin) throw redirect('/dashboard');
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  return signIn(context, request);
}

export function headers() {
  return dashboardHeaders();
}

export const meta = () => dashboardMeta('Sign in');

/** The sign-in form, and for an account with two-factor sign-in its second step, the code. */
export default function DashboardLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const redirectTo = <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/dashboard'} />;
  const error = actionData?.ok === false && (
    <p className="dashboard-form__error" role="alert">
      {actionData.error}
    </p>
  );
  if (actionData?.challenge) {
    return (
      <main className="dashboard-login">
        {/* A form of its own (key), so that its field mounts afresh and takes the focus. */}
        <Form key="code" method="post" className="dashboard-card dashboard-form" aria-labelledby="login-title">
          <h1 id="login-title">Two-factor sign-in</h1>
          {redirectTo}
          <input type="hidden" name="challenge" value={actionData.challenge} />
          <p id="login-code-hint">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <label htmlFor="login-code">Code</label>
          <input
            id="login-code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            aria-describedby="login-code-hint"
            required
            autoFocus
          />
          {error}
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? 'Checking...' : 'Verify'}
          </button>
        </Form>
      </main>
    );
  }
  return (
    <main className="dashboard-login">
      <Form key="password" method="post" className="dashboard-card dashboard-form" aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        {redirectTo}
        <label htmlFor="login-username">Username</label>
        <input id="login-username" name="username" autoComplete="username" required />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        {error}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign in'}
        </button>
      </Form>
    </main>
  );
}
