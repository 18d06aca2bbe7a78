import os from 'node:os';
import path from 'node:path';

/** Shared by playwright.config.ts and the tests: the servers the browser tests run against. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4417);
/**
 * The tag of a test whose subject is the page at a phone's size: axe, fitting the screen's width, the phone menu,
 * touch, an arrangement that changes on a phone. The desktop project runs every test; the phone project only these.
 */
export const LAYOUT = '@layout';
/** Browser tests run two at a time: one per core. */
export const E2E_WORKERS = 2;
/** A second server with an empty database, for the empty states. */
export const E2E_EMPTY_PORT = E2E_PORT + 1;
export const EMPTY_SITE_URL = `http://127.0.0.1:${E2E_EMPTY_PORT}`;
/**
 * Servers with the demo content for the dashboard's managers, one per worker (on this port and the next): what
 * they create, change and delete cannot disturb the public pages' tests, nor a page of the other worker's test
 * that lists every row (the hero banner, the projects grid) and would ask for the image of a row just deleted.
 */
export const E2E_DASHBOARD_PORTS = Array.from({ length: E2E_WORKERS }, (_, index) => E2E_PORT + 2 + index);
// Playwright numbers the workers that run at the same time 0 to workers - 1 (a restarted worker keeps its number).
const dashboardPort = E2E_DASHBOARD_PORTS[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]!;
/** This worker's dashboard server. */
export const DASHBOARD_SITE_URL = `http://127.0.0.1:${dashboardPort}`;

/** The folders of the demo content seeded once per run (prepare-data.ts), which every demo server copies. */
export const DEMO_TEMPLATE_PREFIX = 'studio-e2e-demo-';
/** This run's: playwright.config.ts names the run in STUDIO_E2E_RUN, which its workers inherit. */
export function demoTemplateDir(run = process.env.STUDIO_E2E_RUN): string {
  if (!run) throw new Error('STUDIO_E2E_RUN is not set: run the browser tests through playwright.config.ts');
  return path.join(os.tmpdir(), `${DEMO_TEMPLATE_PREFIX}${run}`);
}
