import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { queryServerDatabase } from '../support/test-database';
import { startSignedIn, type TestServer } from '../support/test-server';
import { api } from '../support/api-client';
import { writeWaitingViews } from '../support/visit-batches';
import { BROWSER_USER_AGENTS } from '../support/user-agent-fixtures';

/**
 * The owner's side of the visits over HTTP (issue 23): the CSV of the daily figures and the Settings page's
 * "Count visits" switch, saved with the settings by PUT /api/settings (decision 033). The figures themselves are
 * tests/domain/visit-overview.test.ts's.
 */
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  ({ server, cookie } = await startSignedIn({ TEST_CLOCK: '1' }));
});
afterAll(() => server?.stop());

async function beacon(path: string): Promise<number> {
  const answer = await fetch(`${server.url}/api/event`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'text/plain', 'user-agent': BROWSER_USER_AGENTS[0]! },
    body: JSON.stringify({ p: path, r: '' }),
  });
  return answer.status;
}

const storedViews = async () =>
  Number(
    (await queryServerDatabase<{ n: number | string }>(server.dataDir, 'select count(*) as n from visit_events'))[0]!.n,
  );

async function until(read: () => Promise<number>, expected: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** Saves the Settings form as its page sends it (multipart), the checkbox ticked or not. */
async function saveSettings(countVisits: boolean) {
  const form = new FormData();
  form.set('brandName', 'Studio');
  form.set('countVisits', String(countVisits));
  return api(server, 'PUT', '/api/settings', { cookie, form });
}

describe('the daily figures as CSV', () => {
  it('answers the administrator only, kept by nobody, one line a day of the range', async () => {
    const anonymous = await fetch(`${server.url}/dashboard/visits.csv?range=7d`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/dashboard\/login\?redirectTo=/);

    expect(await beacon('/about')).toBe(204);
    expect(await until(storedViews, 1)).toBe(1);
    const answer = await api<string>(server, 'GET', '/dashboard/visits.csv?range=7d', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="visits-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Visitors,Page views,Messages');
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},1,1,0$/);

    const custom = await api<string>(server, 'GET', '/dashboard/visits.csv?from=2026-01-01&to=2026-01-03', { cookie });
    expect(custom.body.trimEnd().split('\r\n').slice(1)).toEqual([
      '2026-01-01,0,0,0',
      '2026-01-02,0,0,0',
      '2026-01-03,0,0,0',
    ]);
  });
});

/** The rows of the overview's ranking card `id` in the page's HTML, as [name, visitors, page views]. */
function rankingRows(html: string, id: string): string[][] {
  const card = new RegExp(`<section[^>]*aria-labelledby="${id}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';
  const rows = card.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>(\d+)<\/td><td>(\d+)<\/td><\/tr>/g);
  return [...rows].map((row) => row.slice(1));
}

describe('the campaign links', () => {
  it('ranks their sources and mediums beside their campaigns on the overview', async () => {
    const before = await storedViews();
    expect(await beacon('/about?utm_source=newsletter&utm_medium=email&utm_campaign=winter')).toBe(204);
    expect(await beacon('/?utm_source=instagram&utm_medium=social')).toBe(204);
    expect(await beacon('/contact?utm_source=instagram&utm_medium=social')).toBe(204);
    expect(await until(storedViews, before + 3)).toBe(before + 3);
    const home = (await api<string>(server, 'GET', '/dashboard?range=today', { cookie })).body;
    expect(home).toContain('<h3 id="visit-sources">Campaign sources</h3>');
    expect(rankingRows(home, 'visit-sources')).toEqual([
      ['instagram', '1', '2'],
      ['newsletter', '1', '1'],
    ]);
    expect(home).toContain('<h3 id="visit-mediums">Campaign mediums</h3>');
    expect(rankingRows(home, 'visit-mediums')).toEqual([
      ['social', '1', '2'],
      ['email', '1', '1'],
    ]);
    expect(rankingRows(home, 'visit-campaigns')).toEqual([['winter', '1', '1']]);
  });
});

describe('the Count visits switch in Settings', () => {
  it('stops counting and showing the visits when unticked, and starts again when ticked', async () => {
    const before = await storedViews();
    expect((await saveSettings(false)).status).toBe(200);
    const page = await api<string>(server, 'GET', '/dashboard/settings', { cookie });
    expect(page.body).toMatch(/<input type="checkbox"[^>]*name="countVisits"(?![^>]*checked)[^>]*\/>/);
    const home = await api<string>(server, 'GET', '/dashboard', { cookie });
    expect(home.body).toContain('Visits are not being counted.');
    expect(home.body).not.toContain('Most viewed');
    // The public pages send no beacon now, and one sent anyway is not kept.
    expect(await beacon('/contact')).toBe(204);
    await writeWaitingViews(server, cookie);
    expect(await storedViews()).toBe(before);

    expect((await saveSettings(true)).status).toBe(200);
    expect((await api<string>(server, 'GET', '/dashboard', { cookie })).body).toContain('Most viewed');
    expect(await beacon('/contact')).toBe(204);
    expect(await until(storedViews, before + 1)).toBe(before + 1);
  });

  it('takes the switch as JSON too, leaves it as it is when left out, and refuses anything but yes or no', async () => {
    const dashboard = async () => (await api<string>(server, 'GET', '/dashboard', { cookie })).body;
    expect((await api(server, 'PUT', '/api/settings', { cookie, json: { countVisits: false } })).status).toBe(200);
    expect(await dashboard()).toContain('Visits are not being counted.');
    expect((await api(server, 'PUT', '/api/settings', { cookie, json: { brandName: 'Studio' } })).status).toBe(200);
    expect(await dashboard()).toContain('Visits are not being counted.');
    const refused = await api(server, 'PUT', '/api/settings', {
      cookie,
      json: { brandName: 'Other', countVisits: 'on' },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: MESSAGES.countVisitsInvalid } });
    // Refused before anything was stored.
    expect((await api(server, 'GET', '/api/settings')).body.data.brandName).toBe('Studio');
    expect((await api(server, 'PUT', '/api/settings', { cookie, json: { countVisits: true } })).status).toBe(200);
    expect(await dashboard()).toContain('Most viewed');
  });
});
