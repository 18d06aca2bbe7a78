import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from '../../server/services/limits/concurrency-limit';
import { AppError } from '../../server/services/errors';

/** The ceiling on concurrent password hashes (server/services/account/passwords.ts) is this limit. */
describe('createConcurrencyLimit', () => {
  it('runs at most `running` tasks at once, queues `waiting` more in order, and refuses the rest at once', async () => {
    const limit = createConcurrencyLimit({ running: 2, waiting: 3, refusal: () => new AppError(429, 'busy') });
    let inFlight = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (index: number) => () =>
      new Promise<number>((resolve) => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        started.push(index);
        releases.push(() => {
          inFlight -= 1;
          resolve(index);
        });
      });

    const results = Array.from({ length: 7 }, (_, index) => limit.run(task(index)).catch((error: unknown) => error));
    await Promise.resolve();
    expect(limit.load).toEqual({ running: 2, waiting: 3 });
    const refused = await Promise.all(results.slice(5));
    expect(refused.map((error) => (error as AppError).status)).toEqual([429, 429]);

    while (releases.length > 0 || started.length < 5) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostAtOnce).toBe(2);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createConcurrencyLimit({ running: 1, waiting: 0, refusal: () => new AppError(429, 'busy') });
    await expect(limit.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await limit.run(() => Promise.resolve('next'))).toBe('next');
  });
});
