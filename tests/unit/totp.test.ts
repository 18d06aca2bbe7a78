import { describe, expect, it } from 'vitest';
import { matchTotpStep, totpCode, totpStep } from '../../server/services/account/totp';

/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32; its vectors cut to 6 digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('gives the RFC test vector at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('accepts one step of drift either way, and no step up to the last one used', () => {
    const now = 1234567890 * 1000;
    const step = totpStep(now);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, null)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, null)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + 2), now, null)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });
});
