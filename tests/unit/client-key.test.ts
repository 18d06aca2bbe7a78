import { describe, expect, it } from 'vitest';
import { networkKey, rateLimitKey } from '../../server/services/limits/client-key';

describe('rateLimitKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it.each([
    ['2001:db8:1:2::1', '2001:0db8:0001:0002::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0abc', '2001:0db8:0001:0002::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000::/64'],
    ['2001:db8:1::', '2001:0db8:0001:0000::/64'],
    ['64:ff9b::192.0.2.1', '0064:ff9b:0000:0000::/64'],
  ])('counts %s by its /64', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key and the next /64 another', () => {
    expect(rateLimitKey('2001:db8:1:2::1')).toBe(rateLimitKey('2001:db8:1:2:abcd::9'));
    expect(rateLimitKey('2001:db8:1:2::1')).not.toBe(rateLimitKey('2001:db8:1:3::1'));
  });
});

describe('networkKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.0/24'],
    ['::ffff:203.0.113.200', '203.0.113.0/24'],
    ['2001:db8:1:2::1', '2001:0db8:0001::/48'],
    ['2001:DB8:1:ffff:ffff:ffff:ffff:ffff', '2001:0db8:0001::/48'],
    ['2001:db8::1', '2001:0db8:0000::/48'],
  ])('counts %s in its network %s', (address, key) => {
    expect(networkKey(address)).toBe(key);
  });

  it('never gives an address the key rateLimitKey gives it', () => {
    for (const address of ['203.0.113.0', '2001:db8:1::', '::1']) {
      expect(networkKey(address)).not.toBe(rateLimitKey(address));
    }
  });
});
