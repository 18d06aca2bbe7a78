import { spawnSync } from 'node:child_process';
import { dropTestSchemas, probePostgres, TEST_POSTGRES_URL } from './test-database';

/**
 * `npm test` runs the API tests a second time with the server on PostgreSQL.
 * A machine without PostgreSQL skips that run and says why, rather than failing.
 */
const unreachable = await probePostgres();
if (unreachable) {
  console.log(
    `Skipping the API tests on PostgreSQL: nothing answers at ${TEST_POSTGRES_URL} (${unreachable}). ` +
      'Set TEST_POSTGRES_URL to run them.',
  );
  process.exit(0);
}
console.log(`API tests on PostgreSQL (${TEST_POSTGRES_URL}, one schema per test server):`);
// Each test server's schema stays until the whole run is over (dropTestSchemas says why).
await dropTestSchemas();
const run = spawnSync('npx', ['vitest', 'run', 'tests/api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'postgres' },
});
await dropTestSchemas();
process.exit(run.status ?? 1);
