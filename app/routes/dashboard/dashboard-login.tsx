import { Form, redirect, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/dashboard-login';
import { signIn } from './session.server';
import '../../features/dashboard/dashboard.css';

export function loader({ context }: Route.LoaderArgs) {
  if (context.admin) throw redirect('/dashboard');
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  return signIn(context, request);
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta() {
  return [{ title: 'Sign in | Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function DashboardLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  return (
    <main className="dashboard-login">
      <Form method="post" className="dashboard-card dashboard-form" aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/dashboard'} />
        <label htmlFor="login-username">Username</label>
        <input id="login-username" name="username" autoComplete="username" required />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        {actionData?.error && (
          <p className="dashboard-form__error" role="alert">
            {actionData.error}
          </p>
        )}
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Signing in...' : 'Sign in'}
        </button>
      </Form>
    </main>
  );
}
