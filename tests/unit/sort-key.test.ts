import { describe, expect, it } from 'vitest';
import { keyBetween, spreadKeys } from '../../server/services/content/sort-key';

/** Byte order, as SQLite's BINARY and PostgreSQL's "C" collation compare. */
const inOrder = (keys: string[]) => keys.every((key, index) => index === 0 || keys[index - 1]! < key);

describe('keyBetween', () => {
  it('finds a key strictly between two keys, and at either end', () => {
    expect(keyBetween(null, null)).toBe('V');
    const pairs: [string | null, string | null][] = [
      [null, 'V'],
      ['V', null],
      ['V', 'W'],
      ['V', 'V1'],
      ['z', null],
      [null, '01'],
      ['Az', 'B'],
      ['a', 'a01'],
    ];
    for (const [low, high] of pairs) {
      const key = keyBetween(low, high);
      if (low !== null) expect(key > low, `${key} > ${low}`).toBe(true);
      if (high !== null) expect(key < high, `${key} < ${high}`).toBe(true);
      expect(key.endsWith('0')).toBe(false);
    }
  });

  it('keeps finding room: a thousand inserts into the same gap, at the start and at the end', () => {
    for (const side of ['gap', 'start', 'end'] as const) {
      let low: string | null = side === 'start' ? null : 'V';
      let high: string | null = side === 'end' ? null : side === 'gap' ? 'W' : 'V';
      const made: string[] = [];
      for (let i = 0; i < 1000; i++) {
        const key = keyBetween(low, high);
        made.push(key);
        if (side === 'end') low = key;
        else high = key;
      }
      const sorted = side === 'end' ? made : [...made].reverse();
      expect(inOrder(sorted)).toBe(true);
      expect(Math.max(...made.map((key) => key.length))).toBeLessThan(200);
    }
  });

  it('refuses keys out of order and strings that are not keys', () => {
    expect(() => keyBetween('W', 'V')).toThrow();
    expect(() => keyBetween('V', 'V')).toThrow();
    expect(() => keyBetween('V0', null)).toThrow();
    expect(() => keyBetween('', null)).toThrow();
    expect(() => keyBetween('a-b', null)).toThrow();
  });
});

describe('spreadKeys', () => {
  it('gives distinct keys in order, short for short lists', () => {
    for (const count of [0, 1, 2, 10, 61, 62, 100, 4000]) {
      const keys = spreadKeys(count);
      expect(keys).toHaveLength(count);
      expect(inOrder(keys)).toBe(true);
      expect(keys.every((key) => key !== '' && !key.endsWith('0'))).toBe(true);
      if (keys.length > 1) expect(keyBetween(keys[0]!, keys[1]!)).toBeTruthy();
    }
    expect(spreadKeys(3).every((key) => key.length === 1)).toBe(true);
  });
});
