/**
 * `npm run bench`: every benchmark in turn, each in its own process as before, all of them run even when one
 * misses its target (a missed page-speed figure must not hide the load or the visits figures); exits 1 if any did.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES: { file: string; flags?: string[] }[] = [
  { file: 'api-throughput.ts' },
  { file: 'engines.ts' },
  { file: 'sign-in-flood.ts' },
  { file: 'page-cache-junk.ts' },
  { file: 'page-speed.ts' },
  { file: 'lighthouse.ts' },
  { file: 'image-quality.ts' },
  { file: 'load.ts' },
  { file: 'idle-memory.ts' },
  { file: 'traffic.ts' },
  { file: 'visits.ts' },
  { file: 'visit-country.ts', flags: ['--expose-gc'] },
  { file: 'visit-query.ts' },
];

const missed: string[] = [];
for (const { file, flags = [] } of BENCHES) {
  console.log(`\n=== bench/${file}`);
  const run = spawnSync(process.execPath, [...flags, '--import', 'tsx', path.join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) missed.push(`${file} (exit ${run.status ?? run.signal})`);
}
console.log(missed.length ? `\nTargets missed in: ${missed.join(', ')}` : '\nEvery benchmark met its targets.');
process.exitCode = missed.length ? 1 : 0;
