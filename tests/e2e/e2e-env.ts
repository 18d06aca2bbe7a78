/** The administrator's password of the browser tests' server, shared by playwright.config.ts and the tests. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
