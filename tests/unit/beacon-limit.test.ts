import { describe, expect, it } from 'vitest';
import { BeaconLimit, BeaconLimits } from '../../server/services/visits/beacon-limit';

const MINUTE = 60 * 1000;

describe('BeaconLimit', () => {
  it('keeps counting newcomers once it tracks as many clients as it may, evicting the oldest', () => {
    const limit = new BeaconLimit({ max: 2, windowMs: 10 * MINUTE }, 3);
    for (const client of ['a', 'b', 'c']) expect(limit.take(client, 0)).toBe(true);
    // Full, every window still running: a newcomer is counted, in the oldest one's place.
    expect(limit.take('d', MINUTE)).toBe(true);
    expect(limit.take('e', MINUTE)).toBe(true);
    expect(limit.size).toBe(3);
    // The evicted start afresh; those still tracked keep their count.
    expect(limit.take('c', MINUTE)).toBe(true);
    expect(limit.take('c', MINUTE)).toBe(false);
    expect(limit.take('a', 2 * MINUTE)).toBe(true);
    expect(limit.size).toBe(3);
  });

  it('forgets windows that ended and begins them again', () => {
    const limit = new BeaconLimit({ max: 1, windowMs: 10 * MINUTE }, 100);
    expect(limit.take('a', 0)).toBe(true);
    expect(limit.take('a', MINUTE)).toBe(false);
    expect(limit.take('b', 5 * MINUTE)).toBe(true);
    expect(limit.take('a', 10 * MINUTE)).toBe(true);
    expect(limit.take('c', 15 * MINUTE)).toBe(true);
    // b's window ended at minute 15 and was forgotten from the front; a's began again at minute 10.
    expect(limit.size).toBe(2);
    expect(limit.take('a', 15 * MINUTE)).toBe(false);
  });
});

describe('BeaconLimits', () => {
  it('refuses a client, then a network (IPv4 /24, IPv6 /48), then the site past their limits, each with its reason', () => {
    const limits = new BeaconLimits(2);
    // 2 views per address, 20 per network in 10 minutes, 20 for the whole site per minute.
    expect([0, 1, 2].map(() => limits.refusal('198.51.100.1', 0))).toEqual([undefined, undefined, 'rate-limited']);
    for (let host = 2; host <= 10; host += 1) {
      expect(limits.refusal(`198.51.100.${host}`, 0)).toBeUndefined();
      expect(limits.refusal(`198.51.100.${host}`, 0)).toBeUndefined();
    }
    expect(limits.refusal('198.51.100.11', 0)).toBe('network-limited');
    // Another network, the next minute: the site's count began again, the /24's did not.
    for (let subnet = 1; subnet <= 10; subnet += 1) {
      expect(limits.refusal(`2001:db8:7:${subnet}::1`, MINUTE)).toBeUndefined();
      expect(limits.refusal(`2001:db8:7:${subnet}::2`, MINUTE)).toBeUndefined();
    }
    expect(limits.refusal('2001:db8:7:11::1', MINUTE)).toBe('network-limited');
    expect(limits.refusal('198.51.100.12', 2 * MINUTE)).toBe('network-limited');
    for (let network = 1; network <= 10; network += 1) {
      expect(limits.refusal(`203.0.${network}.1`, 2 * MINUTE)).toBeUndefined();
      expect(limits.refusal(`203.0.${network}.2`, 2 * MINUTE)).toBeUndefined();
    }
    expect(limits.refusal('203.0.11.1', 2 * MINUTE)).toBe('site-limited');
  });
});
