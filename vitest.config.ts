import { defineConfig } from 'vitest/config';
import { probePostgres, TEST_POSTGRES_URL } from './tests/support/test-database';

const UNIT = 'tests/unit/**/*.test.ts';
const DOMAIN = 'tests/domain/**/*.test.ts';
const API = 'tests/api/**/*.test.ts';

/**
 * The files that store, serve or delete images (and the domain tests whose subject is the image files) run a
 * second time with MEDIA_STORAGE=s3, against s3rver (a real S3-protocol server from npm, started by the tests
 * on a free loopback port). Files about other things, and the disk-only backup and crash tests, run on disk only;
 * so does the demo seeding (40 s), which stores its images through the services these files test on S3.
 */
const MEDIA_TEST_FILES = [
  'tests/domain/projects.test.ts',
  'tests/domain/media.test.ts',
  'tests/api/projects.test.ts',
  'tests/api/clients-team.test.ts',
  'tests/api/blogs.test.ts',
  'tests/api/site.test.ts',
  'tests/api/hardening-files.test.ts',
  'tests/api/uploads.test.ts',
];

/**
 * The API files that run a second time on PostgreSQL: those whose subject is state the database holds beyond the
 * domain services (sessions and sign-in history, throttles and rate limits, the e-mail outbox, the visit counts, the
 * content version the page cache follows and every write that must bump it, the start-up lock, two instances on one
 * database, the TOTP secret sealed at rest, the backups' schedule and pg_dump) or who
 * may see which rows. The domain tests (every service's rules) run on both engines in full; the other API files are about HTTP (headers, body and
 * file limits, status codes, multipart, the request log, the bucket), which does not depend on the engine.
 */
const API_ON_POSTGRES = [
  'access',
  'account',
  'auth',
  'backup-restore',
  'clean-site',
  'clients-team',
  'contact',
  'contact-notifications',
  'content-freshness',
  'demo',
  'focal-point',
  'hardening-auth',
  'manual-order',
  'page-cache',
  'page-cache-under-writes',
  'publishing',
  'rate-limits',
  'related-projects',
  'restore-drill',
  'restore-from-dashboard',
  'scale-out',
  'scheduled-backups',
  'secrets-at-rest',
  'sign-in-throttle',
  'site',
  'trash',
  'visit-dashboard',
  'visits',
].map((name) => `tests/api/${name}.test.ts`);

// The domain and API tests run a second time on PostgreSQL; a machine without one skips that and says why.
const unreachable = await probePostgres();
if (unreachable) {
  console.log(
    `Skipping the tests on PostgreSQL: nothing answers at ${TEST_POSTGRES_URL} (${unreachable}). ` +
      'Set TEST_POSTGRES_URL to run them.',
  );
}

const BUILD = 'tests/support/global-setup.ts';

/**
 * One run for the three (SQLite and disk, PostgreSQL, S3): its two workers take the next file of any of them,
 * so neither core idles while one run's last slow file finishes, as it did with three runs one after another.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each API file mostly waits on the server it spawned, so two files at once on 2 cores take 115 s
    // instead of 183 s for tests/api; a third adds nothing and more of the timing-bound tests fail on a busy machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'sqlite', include: [UNIT, DOMAIN, API], globalSetup: [BUILD] } },
      ...(unreachable
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: [DOMAIN, ...API_ON_POSTGRES],
                env: { TEST_DATABASE: 'postgres' },
                globalSetup: [BUILD, 'tests/support/postgres-setup.ts'],
              },
            },
          ]),
      {
        extends: true,
        test: { name: 's3', include: MEDIA_TEST_FILES, env: { TEST_MEDIA_STORAGE: 's3' }, globalSetup: [BUILD] },
      },
    ],
  },
});
