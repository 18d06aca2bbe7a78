/**
 * Debian's Chromium and the flags it needs on these machines (no sandbox as
 * root, no GPU, no calls home: the network is closed).
 */

/** The full browser, for the Lighthouse bench (it measures what visitors' Chrome does). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests run in Debian's headless shell (`chromium-headless-shell`: the same Chromium build without the
 * desktop shell, which is what Playwright's own headless mode runs). The full browser starts two WebUI renderers
 * for the omnibox popup in every context; 30 contexts took 38 s of CPU there and 5 s here (decision 015).
 */
export const CHROMIUM_TEST_PATH = process.env.CHROMIUM_TEST_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
