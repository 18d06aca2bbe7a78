import { describe, expect, it } from 'vitest';
import { byteBoundedLru, ENTRY_OVERHEAD_BYTES, stringBytes } from '../../server/http/byte-bounded-lru';

const bodyBytes = (body: Buffer) => body.length;

describe('byteBoundedLru', () => {
  it('counts every key with its value, so keys alone cannot grow it past its bound', () => {
    const cache = byteBoundedLru<Buffer>(64 * 1024, bodyBytes);
    const emptyAnswer = Buffer.from('{"data":[]}');
    const longKey = (n: number) => `projects:${'x'.repeat(7000)}${n}`;
    cache.set(longKey(0), emptyAnswer);
    expect(cache.calculatedSize).toBe(stringBytes(longKey(0)) + emptyAnswer.length + ENTRY_OVERHEAD_BYTES);
    for (let n = 1; n < 1000; n += 1) {
      cache.set(longKey(n), emptyAnswer);
      expect(cache.calculatedSize).toBeLessThanOrEqual(cache.maxSize);
    }
    // 7 KB keys of 11-byte answers: only four fit in 64 KiB, however many were stored.
    expect(cache.size).toBe(4);
    expect(cache.get(longKey(999))).toBe(emptyAnswer);
    expect(cache.get(longKey(0))).toBeUndefined();
  });

  it('drops the least recently used entry first, and a replaced entry is counted once', () => {
    const entryOf = (key: string, body: Buffer) => stringBytes(key) + body.length + ENTRY_OVERHEAD_BYTES;
    const body = Buffer.alloc(100);
    const cache = byteBoundedLru<Buffer>(3 * entryOf('a', body), bodyBytes);
    cache.set('a', body);
    cache.set('b', body);
    cache.set('c', body);
    cache.set('a', body);
    expect(cache.calculatedSize).toBe(3 * entryOf('a', body));
    expect(cache.get('b')).toBe(body);
    cache.set('d', body);
    // `c` was used least recently (`a` was stored again, `b` read).
    expect(cache.get('c')).toBeUndefined();
    expect([cache.get('a'), cache.get('b'), cache.get('d')]).toEqual([body, body, body]);
    expect(cache.calculatedSize).toBe(3 * entryOf('a', body));
    cache.delete('a');
    expect(cache.calculatedSize).toBe(2 * entryOf('a', body));
  });

  it('keeps nothing larger than its whole bound', () => {
    const cache = byteBoundedLru<Buffer>(1024, bodyBytes);
    cache.set('small', Buffer.alloc(10));
    cache.set('huge', Buffer.alloc(2048));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
    expect(cache.calculatedSize).toBeLessThanOrEqual(1024);
  });
});
