import { spawnSync } from 'node:child_process';

/**
 * `npm test` runs the API tests that store, serve or delete images (and the domain tests whose subject is the
 * image files) a second time with MEDIA_STORAGE=s3, against s3rver (a real S3-protocol server from
 * npm, started by the tests on a free loopback port). Files about other things,
 * and the disk-only backup and crash tests, run on disk only.
 */
const MEDIA_TEST_FILES = [
  'tests/domain/projects.test.ts',
  'tests/domain/media.test.ts',
  'tests/api/projects.test.ts',
  'tests/api/clients-team.test.ts',
  'tests/api/blogs.test.ts',
  'tests/api/site.test.ts',
  'tests/api/hardening-files.test.ts',
  'tests/api/demo.test.ts',
];

console.log('Media API tests with the images in an S3 bucket (s3rver):');
const run = spawnSync('npx', ['vitest', 'run', ...MEDIA_TEST_FILES, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_MEDIA_STORAGE: 's3' },
});
process.exit(run.status ?? 1);
