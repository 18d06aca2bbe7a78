import { describe, expect, it } from 'vitest';
import { createSessionVerdicts } from '../../server/http/session-verdicts';

/** A lookup that counts its questions and answers from `live`. */
function lookups(live: Set<string>) {
  const asked: string[] = [];
  return { asked, isLive: async (token: string) => (asked.push(token), live.has(token)) };
}

describe('session verdicts', () => {
  it('asks once per token, shares a lookup under way, and remembers the answer for rememberMs', async () => {
    let now = 0;
    const { asked, isLive } = lookups(new Set(['live']));
    const verdict = createSessionVerdicts(isLive, () => now, { rememberMs: 5_000, maxTokens: 10 });
    const together = [verdict('bogus'), verdict('bogus'), verdict('live')];
    expect(await Promise.all(together)).toEqual([false, false, true]);
    expect(verdict('bogus')).toBe(false);
    expect(verdict('live')).toBe(true);
    expect(asked).toEqual(['bogus', 'live']);
    now = 4_999;
    expect(verdict('bogus')).toBe(false);
    now = 5_000;
    expect(await verdict('bogus')).toBe(false);
    expect(asked).toEqual(['bogus', 'live', 'bogus']);
  });

  it('keeps at most maxTokens verdicts, forgetting the oldest', async () => {
    const { asked, isLive } = lookups(new Set());
    const verdict = createSessionVerdicts(isLive, () => 0, { rememberMs: 5_000, maxTokens: 2 });
    for (const token of ['a', 'b', 'c']) await verdict(token);
    expect(verdict('c')).toBe(false);
    expect(verdict('b')).toBe(false);
    await verdict('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });

  it('remembers nothing of a lookup that failed: the next request asks again', async () => {
    let failing = true;
    const verdict = createSessionVerdicts(
      async () => {
        if (failing) throw new Error('database unavailable');
        return false;
      },
      () => 0,
    );
    await expect(verdict('t')).rejects.toThrow('database unavailable');
    failing = false;
    expect(await verdict('t')).toBe(false);
  });
});
