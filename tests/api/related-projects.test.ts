import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Admin, adminOf, createProject } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: Admin;

beforeAll(async () => {
  server = await startTestServer();
  admin = adminOf(server, await server.login());
});
afterAll(() => server?.stop());

/** The ids the project page's Related projects section links to, in order; null when the page has none. */
async function relatedOnPage(id: number): Promise<number[] | null> {
  const response = await fetch(`${server.url}/project/${id}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const section = /<section class="related-projects[^"]*"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  if (!section) return null;
  return [...section[1]!.matchAll(/href="\/project\/(\d+)"/g)].map((match) => Number(match[1]));
}

describe('related projects at the end of a project page', () => {
  it('is drawn nowhere while a project is the only public one', async () => {
    const alone = await createProject(admin, { title: 'Lone Dzong', category: 'Institute', location: 'Trongsa' });
    await createProject(admin, { title: 'Draft Twin', category: 'Institute', location: 'Trongsa', published: 'false' });
    expect(await relatedOnPage(alone.id)).toBeNull();
  });

  it('shows three public ones: its category first, then its location, then the newest, never itself', async () => {
    const subject = await createProject(admin, { title: 'Haa Office', category: 'Office', location: 'Haa' });
    const sameCategory = await createProject(admin, { title: 'Paro Office', category: 'Office', location: 'Paro' });
    const older = await createProject(admin, { title: 'Old Hotel', category: 'Hospitality', location: 'Punakha' });
    const sameLocation = await createProject(admin, { title: 'Haa Lodge', category: 'Hospitality', location: 'Haa' });
    const newest = await createProject(admin, { title: 'New Hotel', category: 'Hospitality', location: 'Bumthang' });
    await createProject(admin, { title: 'Office Draft', category: 'Office', location: 'Haa', published: 'false' });
    await createProject(admin, {
      title: 'Office Scheduled',
      category: 'Office',
      location: 'Haa',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });

    expect(await relatedOnPage(subject.id)).toEqual([sameCategory.id, sameLocation.id, newest.id]);
    expect(await relatedOnPage(sameLocation.id)).toEqual([newest.id, older.id, subject.id]);
  });
});
