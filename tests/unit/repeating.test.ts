import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeating } from '../../server/services/repeating';

// Issue 38: one helper for the work the server repeats beside the requests (e-mails, visit batches, backups, upkeep).

/** Work whose runs end when the test says, recording when each started. */
function controlledWork(answer?: number) {
  const starts: number[] = [];
  const ends: (() => void)[] = [];
  const work = () => {
    starts.push(Date.now());
    return new Promise<number | void>((resolve) => ends.push(() => resolve(answer)));
  };
  return { starts, work, endRun: () => ends.shift()!() };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('repeating', () => {
  it('runs now, then everyMs after each run ends', async () => {
    const { starts, work, endRun } = controlledWork();
    const runs = repeating(work, { everyMs: 1000 });
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toEqual([0]);
    endRun();
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([0, 6000]);
    endRun();
    await runs.stop();
  });

  it('waits as long as a run answers, and starts later when told to', async () => {
    const { starts, work, endRun } = controlledWork(250);
    const runs = repeating(work, { everyMs: 1000, startNow: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([1000]);
    endRun();
    await vi.advanceTimersByTimeAsync(250);
    expect(starts).toEqual([1000, 1250]);
    endRun();
    await runs.stop();
  });

  it('never runs twice at once: runs asked for meanwhile make one more, right after', async () => {
    const { starts, work, endRun } = controlledWork();
    const runs = repeating(work, { everyMs: 1000 });
    const asked = [runs.run(), runs.run(), runs.run()];
    expect(starts).toEqual([0]);
    let settled = false;
    void Promise.all(asked).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    endRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([0, 10]);
    expect(settled).toBe(false);
    endRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toEqual([0, 10, 1010]);
    endRun();
    await runs.stop();
  });

  it('stops: waits for the run under way, and runs no more', async () => {
    const { starts, work, endRun } = controlledWork();
    const runs = repeating(work, { everyMs: 1000 });
    void runs.run();
    let stopped = false;
    void runs.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    endRun();
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(true);
    expect(starts).toEqual([0]);
    await runs.run();
    expect(starts).toEqual([0]);
  });

  it('goes on after a failure the work let through', async () => {
    let calls = 0;
    const runs = repeating(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('refused');
      },
      { everyMs: 1000 },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await runs.stop();
  });
});
