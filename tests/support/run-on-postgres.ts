import { spawnSync } from 'node:child_process';
import { dropTestSchemas, probePostgres, TEST_POSTGRES_URL } from './test-database';

/**
 * `npm test` runs the domain and API tests a second time on PostgreSQL: the domain tests' services and the
 * API tests' servers then take the PostgreSQL code paths. A machine without PostgreSQL skips that run and
 * says why, rather than failing.
 */
const unreachable = await probePostgres();
if (unreachable) {
  console.log(
    `Skipping the domain and API tests on PostgreSQL: nothing answers at ${TEST_POSTGRES_URL} (${unreachable}). ` +
      'Set TEST_POSTGRES_URL to run them.',
  );
  process.exit(0);
}
console.log(`Domain and API tests on PostgreSQL (${TEST_POSTGRES_URL}, one schema per test server or context):`);
// Each test server's and context's schema stays until the whole run is over (dropTestSchemas says why).
await dropTestSchemas();
const run = spawnSync('npx', ['vitest', 'run', 'tests/domain', 'tests/api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'postgres' },
});
await dropTestSchemas();
process.exit(run.status ?? 1);
