import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_TEST_PATH } from './tests/support/chromium';
import {
  E2E_ADMIN_PASSWORD,
  E2E_DASHBOARD_PORTS,
  E2E_EMPTY_PORT,
  E2E_PORT,
  E2E_WORKERS,
  LAYOUT,
} from './tests/e2e/e2e-env';

// The demo servers share one seeding per run (tests/e2e/prepare-data.ts); the workers load this file again and keep it.
const run = (process.env.STUDIO_E2E_RUN ??= `${process.pid}-${Date.now()}`);

/**
 * Browser tests against the production build, served by `node server.js` on
 * its own port with a fresh data folder (a copy of the demo content, or empty), in the headless shell of
 * Debian's Chromium (Playwright's own browser download does not work here).
 */

function server(port: number, demo: boolean, limits: Record<string, string>) {
  const dataDir = path.join(os.tmpdir(), `studio-e2e-${port}`);
  const prepare = `node --import tsx tests/e2e/prepare-data.ts "${dataDir}"${demo ? ' --demo' : ''}`;
  return {
    command: `${prepare} && node server.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // The first demo server seeds the run's template (prepare-data.ts): minutes on a busy machine.
    timeout: 300_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SEED_DEMO: '0',
      STUDIO_E2E_RUN: run,
      // Three sites and two browsers share the cores already; the cluster has API tests of its own.
      WEB_CONCURRENCY: '1',
      // The publishing test moves the clock, past 02:00 at times; backups.spec.ts backs a site of its own up.
      BACKUP_SCHEDULE: 'off',
      ...limits,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  // Room for a slow machine, not a wait: the same two-core machine ran this suite 2.3 times slower on one day than
  // another (a password hash took 690–870 ms instead of 350), and the 30 s and 5 s defaults failed four tests then.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
  // Every test runs on the desktop (no filter here, so no test can fall out of the suite). The phone runs the tests
  // tagged LAYOUT, whose subject is the page at its size: axe and the screen's width on every public and dashboard
  // page, the phone menus, the carousels' drag and how many items they show a page; behaviour runs at one width.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', grep: new RegExp(LAYOUT), use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
  // Every browser test comes from 127.0.0.1, so the demo servers allow that one address more than a visitor
  // gets; the empty site keeps a limit of one message, which its contact test runs into.
  webServer: [
    server(E2E_PORT, true, { CONTACT_RATE_LIMIT_MAX: '50', CONTACT_FLOOD_PER_HOUR: '1000' }),
    server(E2E_EMPTY_PORT, false, { CONTACT_RATE_LIMIT_MAX: '1' }),
    // TEST_CLOCK: the publishing test moves the clock that decides when a scheduled post appears (forward only).
    ...E2E_DASHBOARD_PORTS.map((port) =>
      server(port, true, {
        CONTACT_RATE_LIMIT_MAX: '50',
        CONTACT_FLOOD_PER_HOUR: '1000',
        UPLOAD_RATE_LIMIT_MAX: '1000',
        TEST_CLOCK: '1',
      }),
    ),
  ],
});
