import { HOTP, Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_S } from '../../../core/constants';

/** RFC 6238 time-based one-time codes (SHA-1, 6 digits, 30 s), as authenticator apps compute them (otpauth). */

/** `bytes` random bytes in base32, the alphabet apps expect: 20 (160 bits, RFC 4226's length for SHA-1) for a key. */
export function randomBase32(bytes = 20): string {
  return new Secret({ size: bytes }).base32;
}

export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_S);
}

/** The code for one time step (RFC 4226's HOTP with the step as its counter). */
export function totpCode(secret: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), digits: TOTP_DIGITS, counter: step });
}

/**
 * The step whose code `code` is, within the allowed clock drift of `now`, or null. Steps up to
 * `lastUsedStep` are refused: a code seen once (over a shoulder, in a log) cannot sign in again.
 */
export function matchTotpStep(secret: string, code: string, now: number, lastUsedStep: number | null): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const current = totpStep(now);
  const delta = HOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    counter: current,
    window: TOTP_DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = current + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** What the QR code holds: the key URI format every authenticator app reads. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  }).toString();
}
