import type { APIRequestContext, Cookie, Page, TestInfo } from '@playwright/test';
import { type Admin, adminThrough } from '../support/factories';
import { makeImage } from '../support/images';
import { DASHBOARD_SITE_URL, E2E_ADMIN_PASSWORD } from './e2e-env';
import { test as base } from './fixtures';

/** The managers' tests run against their own demo server (see e2e-env.ts). */
export const dashboardSite = { baseURL: DASHBOARD_SITE_URL };

const ORIGIN = new URL(DASHBOARD_SITE_URL).origin;

/** The session cookie of this worker's sign-in: one password hash per worker, not one per test (0.4 s each). */
let workerSession: Promise<Cookie[]> | undefined;

async function signInThroughApi(page: Page): Promise<Cookie[]> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    headers: { origin: ORIGIN },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return page.context().cookies(ORIGIN);
}

/**
 * Signs the page in with the worker's session (the login page has tests of its own). A test that ends its
 * session (Logout, a password change) must sign in on its own instead, or the next tests would be signed out.
 */
export async function signInQuickly(page: Page): Promise<void> {
  workerSession ??= signInThroughApi(page).catch((error: unknown) => {
    workerSession = undefined;
    throw error;
  });
  await page.context().addCookies(await workerSession);
}

/** The names each running test made up, so its clean-up can find the rows it made through the forms. */
const namesByTest = new Map<string, string[]>();

/**
 * A name no other test (nor the same test on the other viewport, running at
 * the same time against the same server) will use.
 */
export function uniqueName(testInfo: TestInfo, base: string): string {
  const name = `${base} ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  namesByTest.set(testInfo.testId, [...(namesByTest.get(testInfo.testId) ?? []), name]);
  return name;
}

/** A real image file for a file input. */
export async function imageFile(name: string, width = 900, height = 600, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const mimeType = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
  return { name, mimeType, buffer: await makeImage(width, height, format) };
}

/** The lists a test's rows can land in; rows with a made-up name of the test in theirs are its own. */
const NAMED_LISTS = [
  '/api/projects',
  '/api/blogs',
  '/api/clients',
  '/api/team-members',
  '/api/testimonials',
  '/api/media',
];

async function pathsOfRowsNamed(request: APIRequestContext, names: string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const list of NAMED_LISTS) {
    const response = await request.get(list);
    if (!response.ok()) continue;
    const { data } = (await response.json()) as { data: { id: number; title?: string; name?: string }[] };
    for (const row of data) {
      const label = row.title ?? row.name ?? '';
      if (names.some((name) => label.includes(name))) paths.push(`${list}/${row.id}`);
    }
  }
  return paths;
}

/** Where to delete what a create request made: its row, or the library items of an upload. */
function pathsMadeBy(path: string, status: number, body: unknown): string[] {
  if (status !== 201) return [];
  const answer = body as { data?: { id?: number }; items?: { id: number }[] };
  if (answer.items) return answer.items.map((item) => `/api/media/${item.id}`);
  return answer.data?.id ? [`${path}/${answer.data.id}`] : [];
}

const isLibraryItem = (path: string) => path.startsWith('/api/media/');

/** The test may have signed out, or never signed in (its rows came from a form it reached otherwise). */
async function beSignedIn(page: Page): Promise<void> {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { data: unknown };
  if (!session.data) await signInQuickly(page);
}

/** The Trash's kind of each list's rows (decision 036): a deleted row goes there, and is deleted forever from it. */
const TRASH_KIND_OF_LIST: Record<string, string> = {
  projects: 'project',
  blogs: 'blog',
  clients: 'client',
  'team-members': 'team-member',
  media: 'media',
};

async function deleteAll(page: Page, paths: string[]): Promise<void> {
  const admin = adminThrough(page.request, ORIGIN);
  for (const path of paths) {
    const status = await admin.delete(path);
    if (status !== 200 && status !== 404) throw new Error(`clean-up: DELETE ${path} answered ${status}`);
    const [, , list, id] = path.split('/');
    const kind = TRASH_KIND_OF_LIST[list ?? ''];
    if (kind) await admin.delete(`/api/trash/${kind}/${id}`);
  }
}

/**
 * The managers' tests of one worker share its server, so each deletes what it made when it ends: the rows its
 * factories made through `admin`, and the rows bearing a name `uniqueName` gave it (made through the forms).
 * The next test then starts from the demo content, and tests look only at rows of their own.
 */
export const test = base.extend<{ admin: Admin; made: string[]; cleanUp: void }>({
  made: async ({}, use) => use([]), // eslint-disable-line no-empty-pattern -- Playwright reads fixtures' names
  admin: async ({ page, made }, use) => {
    const admin = adminThrough(page.request, ORIGIN);
    await use({
      ...admin,
      async post<T>(path: string, body: FormData | Record<string, unknown>) {
        const answer = await admin.post<T>(path, body);
        made.push(...pathsMadeBy(path, answer.status, answer.body));
        return answer;
      },
    });
  },
  cleanUp: [
    async ({ page, made }, use, testInfo) => {
      await use();
      const names = namesByTest.get(testInfo.testId) ?? [];
      namesByTest.delete(testInfo.testId);
      if (made.length === 0 && names.length === 0) return;
      // Closed first, so this page asks for none of the images being deleted; its request context stays.
      await page.close();
      await beSignedIn(page);
      const named = names.length > 0 ? await pathsOfRowsNamed(page.request, names) : [];
      const paths = [...new Set([...made, ...named])];
      // Rows before the library, whose images they may use.
      await deleteAll(page, [...paths.filter((path) => !isLibraryItem(path)), ...paths.filter(isLibraryItem)]);
    },
    { auto: true },
  ],
});

/**
 * Chromium's own network throttling (DevTools protocol) of the page's uploads, in bytes a second. Set between
 * uploads only: changed during one, Chromium lets that upload's rest go at once (and going offline does the same,
 * so it cannot break an upload off; dashboard-upload-progress.spec.ts does that with a proxy).
 */
export async function throttleUploads(page: Page, uploadThroughput: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput,
  });
}
