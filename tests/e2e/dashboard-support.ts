import type { Page, TestInfo } from '@playwright/test';
import { makeImage } from '../support/images';
import { DASHBOARD_SITE_URL, E2E_ADMIN_PASSWORD } from './e2e-env';

/** The managers' tests run against their own demo server (see e2e-env.ts). */
export const dashboardSite = { baseURL: DASHBOARD_SITE_URL, tolerateRemovedUploads: true };

/** Signs in through the API (the login page has tests of its own); the cookie lands in the page's context. */
export async function signInQuickly(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    headers: { origin: new URL(DASHBOARD_SITE_URL).origin },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * A name no other test (nor the same test on the other viewport, running at
 * the same time against the same server) will use.
 */
export function uniqueName(testInfo: TestInfo, base: string): string {
  return `${base} ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** A real image file for a file input. */
export async function imageFile(name: string, width = 900, height = 600, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const mimeType = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
  return { name, mimeType, buffer: await makeImage(width, height, format) };
}

/** Manager flows run once, on the desktop viewport; the phone has its own layout and axe tests. */
export function desktopOnly(testInfo: TestInfo): boolean {
  return testInfo.project.name !== 'desktop';
}
