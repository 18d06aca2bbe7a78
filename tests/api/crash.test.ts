import { expect, it } from 'vitest';
import { runCrashTest } from '../crash/crash-cycle';
import { onPostgres } from '../support/test-database';
import { onS3 } from '../support/test-media';

// The short form of the crash test (issue 5); `npm run crash-test` runs 20 cycles. It checks the SQLite file
// and DATA_DIR/uploads.
it.skipIf(onPostgres || onS3)(
  'loses nothing acknowledged when the server is killed mid-write, and cleans up at the next start',
  async () => {
    const result = await runCrashTest({ cycles: 4, writersPerCycle: 4 });
    expect(result.failures).toEqual([]);
    expect(result.cycles).toHaveLength(4);
    for (const cycle of result.cycles) {
      expect(cycle.integrity).toBe('ok');
      expect(cycle.foreignKeyProblems).toBe(0);
    }
    expect(result.acknowledged.contact + result.acknowledged.project + result.acknowledged.media).toBeGreaterThan(0);
    expect(result.tempFilesAfterRestart).toBe(0);
    expect(result.orphansAfterRestart).toBe(0);
  },
  120_000,
);
