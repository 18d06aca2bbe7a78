import { type AppLoadContext, redirect } from 'react-router';
import {
  deviceCookie,
  deviceCookieName,
  readCookie,
  sessionCookie,
  sessionCookieName,
} from '../../../server/http/session';
import { type AdminSession, login, logout } from '../../../server/services/auth';
import { AppError } from '../../../server/services/errors';
import { readFormData } from '../../lib/read-form.server';

/** Only same-site paths under /dashboard: a sign-in never sends anyone elsewhere. */
export function safeRedirectTarget(value: FormDataEntryValue | string | null): string {
  const target = typeof value === 'string' ? value : '';
  return /^\/dashboard(\/[\w\-/]*)?(\?[^\\]*)?$/.test(target) && !target.startsWith('//') ? target : '/dashboard';
}

/** First in every dashboard loader and action: no session, no dashboard. */
export async function requireAdminSession(context: AppLoadContext, request: Request): Promise<AdminSession> {
  // Looked up once per request by the server (server/http/session.ts), like the API's.
  const session = context.admin;
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/dashboard/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session;
}

export type LoginResult = { error: string };

/** Signs in from the login form; on success, the cookie and the page asked for. */
export async function signIn(context: AppLoadContext, request: Request): Promise<Response | LoginResult> {
  const form = await readFormData(context, request);
  const { config } = context.ctx;
  const cookies = request.headers.get('cookie') ?? undefined;
  try {
    const { token, deviceToken } = await login(
      context.ctx,
      { username: form.get('username'), password: form.get('password') },
      {
        ip: context.clientIp,
        previousToken: readCookie(cookies, sessionCookieName(config)),
        deviceToken: readCookie(cookies, deviceCookieName(config)),
      },
    );
    const ttlSeconds = Math.floor(config.sessionTtlMs / 1000);
    const headers = new Headers({ 'Set-Cookie': sessionCookie(config, token, ttlSeconds) });
    if (deviceToken) headers.append('Set-Cookie', deviceCookie(config, deviceToken));
    return redirect(safeRedirectTarget(form.get('redirectTo')), { headers });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { error: error.message };
    throw error;
  }
}

export async function signOut(context: AppLoadContext, request: Request): Promise<Response> {
  const token = readCookie(request.headers.get('cookie') ?? undefined, sessionCookieName(context.ctx.config));
  if (token) await logout(context.ctx, token);
  return redirect('/dashboard/login', { headers: { 'Set-Cookie': sessionCookie(context.ctx.config, '', 0) } });
}
