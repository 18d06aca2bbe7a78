// The crash test's long form: `npm run crash-test` (20 cycles), or
// `node --import tsx tests/crash/run.ts --cycles N [--writers N] [--keep]`.
// Needs the production build (`npm run build`). Prints a summary; exits 1 on any failure.
import { parseArgs } from 'node:util';
import { runCrashTest } from './crash-cycle';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    writers: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
});
const cycles = Number(values.cycles);
const writers = Number(values.writers);
if (!Number.isInteger(cycles) || cycles < 1 || !Number.isInteger(writers) || writers < 1) {
  console.error('Usage: run.ts --cycles N [--writers N] [--keep]');
  process.exit(2);
}

const started = Date.now();
const result = await runCrashTest({
  cycles,
  writersPerCycle: writers,
  keepDataDir: values.keep,
  log: (line) => console.log(line),
});

const { acknowledged } = result;
const ackTotal = Object.values(acknowledged).reduce((sum, value) => sum + value, 0);
const integrityOk = result.cycles.filter((cycle) => cycle.integrity === 'ok').length;
console.log(
  [
    '',
    `Crash test: ${result.cycles.length} of ${cycles} cycle(s) with ${writers} writers, SIGKILL each time (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  acknowledged writes: ${ackTotal} (contact messages ${acknowledged.contact}, projects ${acknowledged.project}, ` +
      `project updates ${acknowledged.projectUpdate}, ` +
      `library uploads ${acknowledged.media}, project deletions ${acknowledged.projectDelete}, media deletions ${acknowledged.mediaDelete})`,
    `  requests cut off by the kills: ${result.interrupted}; rate-limited: ${result.rateLimited}`,
    `  integrity_check ok after ${integrityOk} of ${result.cycles.length} kill(s); foreign key problems: ${result.cycles.reduce((sum, cycle) => sum + cycle.foreignKeyProblems, 0)}`,
    `  temporary files left by the kills: ${result.tempFilesAtCrash} (+${result.planted.tempFiles} planted), ` +
      `still there after restart: ${result.tempFilesAfterRestart}`,
    `  unreferenced image files left by the kills: ${result.orphansAtCrash} (+${result.planted.orphans} planted), ` +
      `still there after restart: ${result.orphansAfterRestart}`,
    `  at the end: ${result.rows.contacts} contact messages, ${result.rows.projects} projects, ${result.rows.mediaItems} media rows; ${result.filesDecoded} image files decoded in full`,
    result.failures.length === 0
      ? '  nothing lost: every check passed'
      : `  ${result.failures.length} FAILURE(S) (data kept in ${result.dataDir}):\n` +
        result.failures.map((line) => `    - ${line}`).join('\n'),
  ].join('\n'),
);
if (values.keep && result.failures.length === 0) console.log(`  data kept in ${result.dataDir}`);
process.exitCode = result.failures.length === 0 ? 0 : 1;
