import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../core/constants';
import { forgetRateLimitHit, RateLimitError, takeRateLimit } from '../../server/services/limits/rate-limit';
import { contextPerTest } from '../support/domain-context';

const site = contextPerTest();

/** Counts `count` requests, each from a /64 of its own inside the /48 2001:db8:48::/48; returns how many passed. */
async function fromOneNetwork(count: number, options: { countNetwork?: boolean } = {}): Promise<number> {
  let passed = 0;
  for (let index = 0; index < count; index += 1) {
    try {
      await takeRateLimit(site.ctx, 'login', `2001:db8:48:${index.toString(16)}::1`, Date.now(), options);
      passed += 1;
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
    }
  }
  return passed;
}

describe('a network counted as well as each address', () => {
  const { max, networkMultiple } = RATE_LIMITS.login;

  it('lets a /48 make networkMultiple times what one /64 may, then refuses its next /64', async () => {
    expect(await fromOneNetwork(max * networkMultiple + 5)).toBe(max * networkMultiple);
    // Another /48, and an IPv4 address, are other networks.
    await expect(takeRateLimit(site.ctx, 'login', '2001:db8:49::1')).resolves.toHaveLength(2);
    await expect(takeRateLimit(site.ctx, 'login', '203.0.113.9')).resolves.toHaveLength(2);
  });

  it('counts an IPv4 /24 together', async () => {
    const contact = RATE_LIMITS.contact.max * RATE_LIMITS.contact.networkMultiple;
    let passed = 0;
    for (let index = 1; index <= contact + 3; index += 1) {
      passed += await takeRateLimit(site.ctx, 'contact', `198.51.100.${index}`).then(
        () => 1,
        () => 0,
      );
    }
    expect(passed).toBe(contact);
  });

  it("counts only the address when told not to count the network (the owner's known browser)", async () => {
    expect(await fromOneNetwork(max * networkMultiple + 5, { countNetwork: false })).toBe(max * networkMultiple + 5);
  });

  it('takes back both counts of a hit that did not count', async () => {
    for (let index = 0; index < max * networkMultiple * 2; index += 1) {
      const hit = await takeRateLimit(site.ctx, 'login', `2001:db8:48:${index.toString(16)}::1`);
      await forgetRateLimitHit(site.ctx.db, hit);
    }
    expect(await fromOneNetwork(max * networkMultiple)).toBe(max * networkMultiple);
  });
});
