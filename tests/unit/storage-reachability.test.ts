import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_PROBE_INTERVAL_MS,
  STORAGE_STATE_TTL_MS,
  StorageReachability,
} from '../../server/storage/storage-reachability';
import { StorageUnavailableError } from '../../server/storage/storage-faults';

/**
 * What `/api/health` and the dashboard know of the bucket (decision 027), on the test clock: the last request's
 * outcome stands for STORAGE_STATE_TTL_MS, one probe refreshes it after that, and while the bucket is down a probe
 * every STORAGE_PROBE_INTERVAL_MS notices its return, and every other request is refused at once. The probe here stands for S3Storage's, which records its
 * outcome as every request does.
 */

let bucketAnswers: boolean;
let probes: number;
let reachability: StorageReachability;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.spyOn(process.stdout, 'write').mockReturnValue(true);
  bucketAnswers = true;
  probes = 0;
  reachability = new StorageReachability('image store', async () => {
    probes += 1;
    reachability.record(
      bucketAnswers ? { answered: true } : { answered: false, error: new Error('connect ECONNREFUSED') },
    );
  });
});
afterEach(() => {
  reachability.stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the bucket as this process knows it', () => {
  it('answers from the last request within the time it stands for, then asks once', async () => {
    reachability.record({ answered: true });
    for (let call = 0; call < 20; call += 1) expect(await reachability.answers()).toBe(true);
    expect(probes).toBe(0);

    // Gone while nothing asked it: the first question after the time has passed finds out, once for all at once.
    bucketAnswers = false;
    vi.advanceTimersByTime(STORAGE_STATE_TTL_MS);
    expect(await Promise.all([reachability.answers(), reachability.answers()])).toEqual([false, false]);
    expect(probes).toBe(1);
    expect(reachability.known).toBe(false);
  });

  it('probes while the bucket is down, and lets what waits for it go on its return', async () => {
    reachability.record({ answered: false, error: new Error('connect ECONNREFUSED') });
    let back = false;
    void reachability.whenAnswering().then(() => (back = true));

    bucketAnswers = false;
    await vi.advanceTimersByTimeAsync(STORAGE_PROBE_INTERVAL_MS);
    expect(probes).toBe(1);
    expect(back).toBe(false);

    bucketAnswers = true;
    await vi.advanceTimersByTimeAsync(STORAGE_PROBE_INTERVAL_MS);
    expect(probes).toBe(2);
    expect(back).toBe(true);
    expect(await reachability.answers()).toBe(true);
    // Back up, nothing probes on its own.
    await vi.advanceTimersByTimeAsync(STORAGE_PROBE_INTERVAL_MS * 4);
    expect(probes).toBe(2);
  });

  it('refuses requests at once while the bucket is known down, and lets them go once a probe has an answer', async () => {
    // Not known yet (no request so far) is not down.
    expect(() => reachability.refuseWhileDown()).not.toThrow();
    reachability.record({ answered: true });
    expect(() => reachability.refuseWhileDown()).not.toThrow();

    bucketAnswers = false;
    reachability.record({ answered: false, error: new Error('no answer within 5000 ms') });
    await vi.advanceTimersByTimeAsync(1234);
    expect(() => reachability.refuseWhileDown()).toThrow(StorageUnavailableError);
    expect(() => reachability.refuseWhileDown()).toThrow('NotSent: no answer for 1234 ms, so not asked');
    // The probes go on meanwhile, and one that fails keeps the requests refused.
    await vi.advanceTimersByTimeAsync(STORAGE_PROBE_INTERVAL_MS);
    expect(probes).toBe(1);
    expect(() => reachability.refuseWhileDown()).toThrow(StorageUnavailableError);

    bucketAnswers = true;
    await vi.advanceTimersByTimeAsync(STORAGE_PROBE_INTERVAL_MS);
    expect(probes).toBe(2);
    expect(() => reachability.refuseWhileDown()).not.toThrow();
  });
});
