import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CHALLENGE_TTL_MS } from '../../core/constants';
import type { Config } from '../config';
import { readCookie, signInFlashCookie, signInFlashCookieName } from './session';

/**
 * What a sign-in form posted without JavaScript hears on the page the API sends it back to: the failure in the
 * words the API would answer, and, once the password was right, the challenge its code goes with. It rides a
 * cookie rather than the URL, so neither a challenge nor a text lands in the history or a shared link; the cookie
 * is signed with the site's secret key, so no one else can make the page say something, and read once.
 */
export interface SignInFlash {
  error?: string;
  challenge?: string;
}

/** A failure is read at once by the page it leads to; a challenge waits as long as the sign-in does. */
const ERROR_FLASH_MS = 60_000;

function signatureOf(secretKey: Buffer, body: string): Buffer {
  return createHmac('sha256', secretKey).update(`sign-in-flash:${body}`).digest();
}

/** The Set-Cookie header that carries `flash` to the sign-in page. */
export function signInFlashHeader(config: Config, secretKey: Buffer, flash: SignInFlash, now = Date.now()): string {
  const lifeMs = flash.challenge ? SIGN_IN_CHALLENGE_TTL_MS : ERROR_FLASH_MS;
  const body = Buffer.from(JSON.stringify({ ...flash, until: now + lifeMs })).toString('base64url');
  const value = `${body}.${signatureOf(secretKey, body).toString('base64url')}`;
  return signInFlashCookie(config, value, Math.ceil(lifeMs / 1000));
}

/** The Set-Cookie header that drops the flash once the page has shown it. */
export function clearedSignInFlashHeader(config: Config): string {
  return signInFlashCookie(config, '', 0);
}

/** The flash a request carries, when its signature is ours and its time has not run out; else nothing. */
export function readSignInFlash(
  config: Config,
  secretKey: Buffer,
  cookies: string | undefined,
  now = Date.now(),
): SignInFlash | undefined {
  const [body, signature] = (readCookie(cookies, signInFlashCookieName(config)) ?? '').split('.');
  if (!body || !signature) return undefined;
  const expected = signatureOf(secretKey, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { error, challenge, until } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignInFlash & {
      until: number;
    };
    if (!(until > now)) return undefined;
    return {
      ...(typeof error === 'string' && { error }),
      ...(typeof challenge === 'string' && { challenge }),
    };
  } catch {
    return undefined;
  }
}
