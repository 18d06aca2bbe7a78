import { parseCookie, stringifySetCookie } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';
import { type AdminSession, type ClientMeta, findSession } from '../services/account/sessions';
import type { SignedIn } from '../services/account/auth';
import type { ServiceContext } from '../services/context';
import { AppError } from '../services/errors';
import { KNOWN_DEVICE_TTL_MS } from '../../core/constants';
import { MESSAGES } from '../../core/messages';

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminSession;
    sessionToken?: string;
  }
}

/** `__Host-` pins the cookie to this exact origin over https; plain http cannot use the prefix. */
export function sessionCookieName(config: Config): string {
  return config.siteIsHttps ? '__Host-sid' : 'sid';
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}

function cookie(config: Config, name: string, value: string, maxAgeSeconds: number, sameSite: 'lax' | 'strict') {
  return stringifySetCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite,
    maxAge: maxAgeSeconds,
    secure: config.siteIsHttps,
  });
}

export function sessionCookie(config: Config, token: string, maxAgeSeconds: number): string {
  return cookie(config, sessionCookieName(config), token, maxAgeSeconds, 'lax');
}

/** The cookie that marks a browser the administrator has signed in on (services/known-devices.ts). */
export function deviceCookieName(config: Config): string {
  return config.siteIsHttps ? '__Host-did' : 'did';
}

/** Read only by sign-in, a same-site form or API post: Strict keeps it out of every cross-site request. */
function deviceCookie(config: Config, token: string): string {
  return cookie(config, deviceCookieName(config), token, Math.floor(KNOWN_DEVICE_TTL_MS / 1000), 'strict');
}

/**
 * The sign-in page's one-time note from a form post to the API (sign-in-flash.ts): a failure to show, or the
 * challenge of the two-factor step. Lax, like the session's: it rides the 303 back to the page.
 */
export function signInFlashCookieName(config: Config): string {
  return config.siteIsHttps ? '__Host-sif' : 'sif';
}

export function signInFlashCookie(config: Config, value: string, maxAgeSeconds: number): string {
  return cookie(config, signInFlashCookieName(config), value, maxAgeSeconds, 'lax');
}

/** The cookies of a completed sign-in: the session's, and the device cookie when the browser got a new one. */
export function signedInCookies(config: Config, { token, deviceToken }: SignedIn): string[] {
  const ttlSeconds = Math.floor(config.sessionTtlMs / 1000);
  return [sessionCookie(config, token, ttlSeconds), ...(deviceToken ? [deviceCookie(config, deviceToken)] : [])];
}

/** A session token is 43 characters (32 random bytes in base64url): a cookie far longer is never looked up. */
const MAX_TOKEN_LENGTH = 100;

/** Whether a session cookie's value may be a token at all; one that may not is no session, without a lookup. */
export function mayBeSessionToken(token: string | undefined): token is string {
  return token !== undefined && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;
}

/** Loads the administrator's session, when the request carries a valid one. */
export function loadSession(ctx: ServiceContext) {
  const name = sessionCookieName(ctx.config);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = readCookie(req.headers.cookie, name);
    if (mayBeSessionToken(token)) {
      const session = await findSession(ctx, token);
      if (session) {
        req.admin = session;
        req.sessionToken = token;
      }
    }
    next();
  };
}

/** The API's paths (under /api) a session that must change its password may still post to. */
const PASSWORD_CHANGE_PATHS = new Set(['/account/password', '/auth/logout', '/auth/login', '/auth/login/code']);

/**
 * After a generated or reset password, the session may read and may choose a new password, nothing
 * else: whoever saw the printed password cannot use it to change the site.
 */
export function refuseWritesUntilPasswordChanged(req: Request, _res: Response, next: NextFunction): void {
  const allowed = req.method === 'GET' || req.method === 'HEAD' || PASSWORD_CHANGE_PATHS.has(req.path.toLowerCase());
  if (req.admin?.mustChangePassword && !allowed) throw new AppError(403, MESSAGES.passwordChangeRequired);
  next();
}

/** Where a request came from, as sessions and the sign-in history record it. */
export function clientMeta(req: Request): ClientMeta {
  return { ip: req.ip ?? '', userAgent: req.get('user-agent') };
}

/** First on every administrator-only route. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if (!req.admin) throw new AppError(401, MESSAGES.notSignedIn);
  next();
}
