import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { codeStepStays, DASHBOARD_HOME_PATH } from '../../../core/sign-in';
import type { Route } from './+types/dashboard-login';
import { loadLogin } from './dashboard-login.server';
import { dashboardHeaders } from './session.server';
import '../../features/dashboard/dashboard.css';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import { RestoredNotice } from '../../features/dashboard/backups/restore-outcome';
import { useFormSubmit } from '../../features/dashboard/use-form-submit';
import { apiRequest } from '../../lib/api-client';
import { formValues } from '../../lib/form-check';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadLogin(context, request);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(dashboardHeaders());
  const flashCookie = loaderHeaders.get('Set-Cookie');
  if (flashCookie) headers.set('Set-Cookie', flashCookie);
  return headers;
}

export const meta = () => dashboardMeta('Sign in');

type LoginAnswer = { data: { twoFactorRequired?: boolean; challenge?: string } };

/** What each step's heading and button say. */
const PASSWORD_STEP = { title: 'Sign in', submit: 'Sign in', busy: 'Signing in...' };
const CODE_STEP = { title: 'Two-factor sign-in', submit: 'Verify', busy: 'Checking...' };

/**
 * The sign-in form, and for an account with two-factor sign-in its second step, the code. Both post to the API:
 * with JavaScript through the hook (a sign-in runs the loader again, which goes on to the page asked for);
 * without it as plain forms, which the API answers with a 303 to the next page or back here with the failure.
 */
export default function DashboardLogin({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const [step, setStep] = useState<{ challenge?: string; error?: string }>(loaderData.flash ?? {});
  const { form, busy, submit } = useFormSubmit();
  const { challenge } = step;

  const path = challenge ? '/api/auth/login/code' : '/api/auth/login';
  const words = challenge ? CODE_STEP : PASSWORD_STEP;

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { redirectTo: _target, ...fields } = formValues(event.currentTarget);
    const done = await submit({
      send: () => apiRequest<LoginAnswer>('POST', path, fields),
      onFailure: ({ status, error }) =>
        setStep({ error, ...(challenge && codeStepStays(status, error) && { challenge }) }),
    });
    if (done.ok && done.data.data.twoFactorRequired) setStep({ challenge: done.data.data.challenge });
  }

  return (
    <main className="dashboard-login">
      {/* A form for each step (key), so that the code field mounts afresh and takes the focus. */}
      <form
        key={path}
        ref={form}
        method="post"
        action={path}
        onSubmit={(event) => void signIn(event)}
        className="dashboard-card dashboard-form"
        aria-labelledby="login-title"
      >
        <h1 id="login-title">{words.title}</h1>
        <RestoredNotice params={params} />
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? DASHBOARD_HOME_PATH} />
        {challenge ? (
          <>
            <input type="hidden" name="challenge" value={challenge} />
            <p id="login-code-hint">
              Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
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
          </>
        ) : (
          <>
            <label htmlFor="login-username">Username</label>
            <input id="login-username" name="username" autoComplete="username" required />
            <label htmlFor="login-password">Password</label>
            <input id="login-password" name="password" type="password" autoComplete="current-password" required />
          </>
        )}
        {step.error && (
          <p className="dashboard-form__error" role="alert">
            {step.error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? words.busy : words.submit}
        </button>
      </form>
    </main>
  );
}
