import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  OutageDetector,
  PROBE_INTERVAL_MS,
  type ProbeOutcome,
  UNANSWERED_PROBES_FOR_OUTAGE,
} from '../../server/db/outage-detector';

/**
 * The database's availability with hysteresis (issue 33), on the test clock: a refused or ended connection makes it
 * unavailable at once, one query without an answer only doubts it, and probes (one at once, then one every
 * PROBE_INTERVAL_MS, each on its own) decide; the first answer makes it available again. Each probe here waits until
 * the test settles it, as a probe on a real connection waits for the database or its deadline.
 */

let probes: ((outcome: ProbeOutcome) => void)[];
let detector: OutageDetector;
let written: MockInstance<typeof process.stdout.write>;

const unanswered: ProbeOutcome = { failure: 'unanswered', error: new Error('no answer within 1500 ms') };
const refused: ProbeOutcome = { failure: 'gone', error: new Error('connect ECONNREFUSED 127.0.0.1:5432') };

/** Settles the probe sent `index`-th, and lets its outcome be taken in. */
async function settle(index: number, outcome: ProbeOutcome): Promise<void> {
  probes[index]!(outcome);
  await vi.advanceTimersByTimeAsync(0);
}

/** The log lines that said the database was unavailable. */
const outagesLogged = () =>
  written.mock.calls.filter(([line]) => String(line).includes('"msg":"database unavailable"')).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  written = vi.spyOn(process.stdout, 'write').mockReturnValue(true);
  probes = [];
  detector = new OutageDetector(() => new Promise((resolve) => probes.push(resolve)));
});
afterEach(() => {
  detector.stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the database as this process knows it', () => {
  it('stays available through one query without an answer when the probe sent at once answers', async () => {
    detector.failed('unanswered', new Error('no answer within 1500 ms'));
    expect(detector.available).toBe(true);
    expect(probes).toHaveLength(1);
    // Other requests' queries without an answer meanwhile send no more probes: the ones under way decide.
    detector.failed('unanswered', new Error('no answer within 1500 ms'));
    expect(probes).toHaveLength(1);

    await settle(0, 'answered');
    expect(detector.available).toBe(true);
    expect(outagesLogged()).toBe(0);
    // Answered, nothing probes on its own.
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 10);
    expect(probes).toHaveLength(1);
  });

  it(`is unavailable once ${UNANSWERED_PROBES_FOR_OUTAGE} probes in a row after such a query had no answer either`, async () => {
    detector.failed('unanswered', new Error('no answer within 1500 ms'));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probes).toHaveLength(2);
    await settle(0, unanswered);
    expect(detector.available).toBe(true);
    await settle(1, unanswered);
    expect(detector.available).toBe(false);
    expect(outagesLogged()).toBe(1);
  });

  it('is unavailable at once for a refused or ended connection, from a query or a probe', async () => {
    detector.failed('gone', new Error('Connection terminated unexpectedly'));
    expect(detector.available).toBe(false);
    expect(probes).toHaveLength(1);
    await settle(0, 'answered');
    expect(detector.available).toBe(true);

    detector.failed('unanswered', new Error('no answer within 1500 ms'));
    expect(probes).toHaveLength(2);
    await settle(1, refused);
    expect(detector.available).toBe(false);
    expect(outagesLogged()).toBe(2);
  });

  it('is available again at the first answer, while earlier probes still wait for theirs', async () => {
    detector.failed('gone', new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    await settle(0, refused);
    // The database hangs: these two wait for their deadline.
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2);
    expect(probes).toHaveLength(3);
    expect(detector.available).toBe(false);

    // It is back: the next probe, sent within PROBE_INTERVAL_MS, answers before the older ones give up.
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probes).toHaveLength(4);
    await settle(3, 'answered');
    expect(detector.available).toBe(true);
    // Their late failures are about a moment already past.
    await settle(1, unanswered);
    await settle(2, refused);
    expect(detector.available).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 4);
    expect(probes).toHaveLength(4);
  });

  it('counts a late outcome of an earlier doubt for nothing in the next one', async () => {
    detector.failed('unanswered', new Error('no answer within 1500 ms'));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    await settle(1, 'answered');
    detector.failed('unanswered', new Error('no answer within 1500 ms'));
    expect(probes).toHaveLength(3);
    // The first doubt's first probe, late, and the second doubt's own: one in a row for this doubt, not two.
    await settle(0, unanswered);
    await settle(2, unanswered);
    expect(detector.available).toBe(true);
  });

  it('sends no probe once stopped', async () => {
    detector.failed('gone', new Error('Connection terminated unexpectedly'));
    detector.stop();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 4);
    expect(probes).toHaveLength(1);
  });
});
