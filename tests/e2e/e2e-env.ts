/** Shared by playwright.config.ts and the tests: the servers the browser tests run against. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4417);
/** A second server with an empty database, for the empty states. */
export const E2E_EMPTY_PORT = E2E_PORT + 1;
export const EMPTY_SITE_URL = `http://127.0.0.1:${E2E_EMPTY_PORT}`;
/**
 * A third server with the demo content, for the dashboard's managers: what
 * they create, change and delete cannot disturb the public pages' tests.
 */
export const E2E_DASHBOARD_PORT = E2E_PORT + 2;
export const DASHBOARD_SITE_URL = `http://127.0.0.1:${E2E_DASHBOARD_PORT}`;
