import { type AppLoadContext, redirect } from 'react-router';
import { PRIVATE_CACHE_CONTROL } from '../../../server/http/cache-policy';
import {
  deviceCookieName,
  readCookie,
  sessionCookie,
  sessionCookieName,
  signedInCookies,
} from '../../../server/http/session';
import { login, loginWithCode, type SignedIn, type SignInMeta } from '../../../server/services/account/auth';
import { type AdminSession, logout } from '../../../server/services/account/sessions';
import { AppError } from '../../../server/services/errors';
import { readFormData } from '../../lib/read-form.server';
import type { ActionResult } from '../../lib/action-result';
import { actionFailure } from '../../lib/action-failure.server';
import { MESSAGES } from '../../../core/messages';

/** The headers of every dashboard page and the sign-in page: the administrator's, kept by nobody (decision 008). */
export function dashboardHeaders(): HeadersInit {
  return { 'Cache-Control': PRIVATE_CACHE_CONTROL };
}

/**
 * Only same-site paths under /dashboard: a sign-in never sends anyone elsewhere. The query is printable ASCII
 * without a backslash or a space (the browser percent-encodes the rest), since the target becomes a Location
 * header: CR/LF or a character beyond Latin-1 there made the answer fail after the session was opened.
 */
export function safeRedirectTarget(value: FormDataEntryValue | string | null): string {
  const target = typeof value === 'string' ? value : '';
  return /^\/dashboard(\/[\w\-/]*)?(\?[!-[\]-~]*)?$/.test(target) ? target : '/dashboard';
}

const ACCOUNT_PATH = '/dashboard/account';

/**
 * First in every dashboard loader and action: no session, no dashboard. A session whose password was
 * generated or reset sees only the account page until a new password is chosen.
 */
export async function requireAdminSession(context: AppLoadContext, request: Request): Promise<AdminSession> {
  // Looked up once per request by the server (server/http/session.ts), like the API's.
  const session = context.admin;
  const url = new URL(request.url);
  if (!session) throw redirect(`/dashboard/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (session.mustChangePassword && url.pathname !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH);
  return session;
}

/** A failure to show, and the challenge of a sign-in waiting for its second step (the code form then shows). */
/** The first step of a two-factor sign-in answers the challenge the code goes with; a wrong code keeps it. */
export type LoginResult = ActionResult<{ challenge: string }, { challenge?: string }>;

/**
 * Signs in from the login form, in two steps for an account with two-factor sign-in: the name and
 * password, then (with the challenge the first step gave) the code. On success, the cookie and the
 * page asked for. Plain form posts, so it works without JavaScript.
 */
export async function signIn(context: AppLoadContext, request: Request): Promise<Response | LoginResult> {
  const form = await readFormData(context, request);
  const { config } = context.ctx;
  const cookies = request.headers.get('cookie') ?? undefined;
  const meta: SignInMeta = {
    ip: context.clientIp,
    userAgent: request.headers.get('user-agent') ?? undefined,
    previousToken: readCookie(cookies, sessionCookieName(config)),
    deviceToken: readCookie(cookies, deviceCookieName(config)),
  };
  const challenge = form.get('challenge');
  // Settled before the session is opened, so nothing after it can fail.
  const target = safeRedirectTarget(form.get('redirectTo'));
  try {
    let signedIn: SignedIn;
    if (typeof challenge === 'string') {
      signedIn = await loginWithCode(context.ctx, { challenge, code: form.get('code') }, meta);
    } else {
      const outcome = await login(
        context.ctx,
        { username: form.get('username'), password: form.get('password') },
        meta,
      );
      if (outcome.twoFactorRequired) return { ok: true, challenge: outcome.challenge };
      signedIn = outcome;
    }
    const headers = new Headers();
    for (const cookie of signedInCookies(config, signedIn)) headers.append('Set-Cookie', cookie);
    return redirect(target, { headers });
  } catch (error) {
    const failure = actionFailure(error);
    // A wrong code leaves the code form up; an expired challenge (or the limit) goes back to the first step.
    const keepChallenge =
      typeof challenge === 'string' &&
      error instanceof AppError &&
      error.status === 401 &&
      failure.error !== MESSAGES.signInChallengeExpired;
    return keepChallenge ? { ...failure, challenge } : failure;
  }
}

export async function signOut(context: AppLoadContext, request: Request): Promise<Response> {
  const token = readCookie(request.headers.get('cookie') ?? undefined, sessionCookieName(context.ctx.config));
  if (token) await logout(context.ctx, token);
  return redirect('/dashboard/login', { headers: { 'Set-Cookie': sessionCookie(context.ctx.config, '', 0) } });
}
