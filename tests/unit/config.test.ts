import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['false', 0],
    ['off', 0],
    ['1', 1],
    ['true', 1],
    ['yes', 1],
    ['2', 2],
  ])('%s trusts %i proxy hops', (value, hops) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each(['-1', '1.5', 'loopback', '11'])('refuses %s', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  });
});
