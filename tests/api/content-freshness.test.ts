import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupResult, Blog, MediaItem, Project, TestEmailResult, Testimonial } from '../../core/types';
import { api, form } from '../support/api-client';
import { type Admin, adminOf, createPost, createProject, jpeg, uploadMedia } from '../support/factories';
import { type LogLine, waitForLines } from '../support/log-lines';
import { startTestServer, type TestServer } from '../support/test-server';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { apiWriteRoutes, pageActionRoutes } from '../support/write-routes';

// Issue 27: one way to change content. Every write of public content goes through changeContent
// (server/services/cache/content-version.ts), which bumps the content version the page cache follows. This walks every
// write route of the API and every page action: for a content write, the public reads it changes are kept (the
// second read is a cache hit), the write is made, and the next read is made anew and shows it; for any other write
// (contact messages, sessions, the account), a kept page stays kept. A route missing from the table fails the test.

interface PublicAnswer {
  status: number;
  body: string;
  /** `hit` when the page cache answered, from the request log. */
  cache: unknown;
}

interface PublicRead {
  path: string;
  /** True of the answer once the write shows (and false of the one kept before it). None: made anew is enough. */
  shows?: (answer: PublicAnswer) => boolean;
}

interface ContentWrite {
  /** The public reads the write changes, looked at after the write is ready to be made. */
  reads: () => PublicRead[];
  write: () => Promise<void>;
}

interface OtherWrite {
  /** Why it changes no public content. */
  notContent: string;
  /** When given, the write is made, and a kept page must still be answered from the cache after it. */
  write?: () => Promise<void>;
}

const isContentWrite = (entry: ContentWrite | OtherWrite): entry is ContentWrite => 'reads' in entry;

const contains =
  (text: string) =>
  ({ body }: PublicAnswer) =>
    body.includes(text);
const lacks =
  (text: string) =>
  ({ body }: PublicAnswer) =>
    !body.includes(text);
const gone = ({ status }: PublicAnswer) => status === 404;
/** True when `first` shows before `second` in the answer. */
const before =
  (first: string, second: string) =>
  ({ body }: PublicAnswer) =>
    body.includes(first) && body.includes(second) && body.indexOf(first) < body.indexOf(second);
const data = <T>(answer: PublicAnswer) => (JSON.parse(answer.body) as { data: T }).data;

describe('every write, and the next public read', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let cookie: string;
  let admin: Admin;
  /** GETs made of each path, to find each one's line in the request log. */
  const visits = new Map<string, number>();

  /** A visitor's GET (no cookie), with whether the page cache answered it. Every GET of a public path goes here. */
  async function visit(path: string): Promise<PublicAnswer> {
    const response = await fetch(`${server.url}${path}`);
    const body = await response.text();
    const count = (visits.get(path) ?? 0) + 1;
    visits.set(path, count);
    const linesOf = (all: LogLine[]) =>
      all.filter((line) => line.msg === 'request' && line.method === 'GET' && line.path === path);
    const lines = linesOf(await waitForLines(server, (all) => linesOf(all).length >= count));
    expect(lines.length, `the request log line of GET ${path}`).toBe(count);
    return { status: response.status, body, cache: lines[count - 1]!.cache };
  }

  /** A write as the signed-in administrator, which must succeed. */
  async function send(method: string, path: string, body?: FormData | Record<string, unknown>): Promise<unknown> {
    const answer = await api<{ data: unknown }>(
      server,
      method,
      path,
      body instanceof FormData ? { cookie, form: body } : { cookie, json: body },
    );
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body?.data;
  }

  /** A page form posted by the signed-in administrator (or a visitor), which must succeed. */
  async function post(path: string, fields: Record<string, string>, signedIn = true): Promise<string> {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { origin: server.origin, ...(signedIn ? { cookie } : {}) },
      body: form(fields),
    });
    expect(response.status, `POST ${path}`).toBe(200);
    return response.text();
  }

  /** What the walk made, for the writes after. */
  const made: { project?: Project; post?: Blog; media?: MediaItem } = {};
  let testimonial: Testimonial | undefined;
  let heroProject: Project | undefined;
  const projectPath = () => `/project/${made.project!.id}`;
  const projectApi = () => `/api/projects/${made.project!.id}`;
  const contactIds = async () =>
    (await api<{ data: { id: number }[] }>(server, 'GET', '/api/contacts', { cookie })).body.data.map(({ id }) => id);
  const contact = { email: 'pema@example.bt', message: 'A question about a house in Paro.' };

  /**
   * Create, rename, move and delete of an entity with a name and at most one image (clients and team members,
   * both served by single-image-resource.ts), each seen in the API's answers and on the page that shows the
   * entity. A second one is made with the first, to move the first past it: new clients come first, new team
   * members last.
   */
  function namedResourceWrites(
    resource: 'clients' | 'team-members',
    page: string,
    fields: { name: string; title?: string; position?: string },
    renamed: string,
  ): Record<string, ContentWrite> {
    const list = `/api/${resource}`;
    const second = `Second ${fields.name}`;
    let id = 0;
    let secondId = 0;
    const newFirst = resource === 'clients';
    return {
      [`POST ${list}`]: {
        reads: () => [
          { path: list, shows: contains(fields.name) },
          { path: page, shows: contains(fields.name) },
        ],
        write: async () => {
          id = ((await send('POST', list, fields)) as { id: number }).id;
          secondId = ((await send('POST', list, { ...fields, name: second })) as { id: number }).id;
        },
      },
      [`PUT ${list}/:id/position`]: {
        reads: () => [
          { path: list, shows: newFirst ? before(fields.name, second) : before(second, fields.name) },
          { path: page, shows: newFirst ? before(fields.name, second) : before(second, fields.name) },
        ],
        write: async () => {
          await send('PUT', `${list}/${id}/position`, newFirst ? { before: secondId } : { after: secondId });
        },
      },
      [`PUT ${list}/:id`]: {
        reads: () => [
          { path: `${list}/${id}`, shows: contains(renamed) },
          { path: page, shows: contains(renamed) },
        ],
        write: async () => {
          await send('PUT', `${list}/${id}`, { name: renamed });
        },
      },
      [`DELETE ${list}/:id`]: {
        reads: () => [
          { path: `${list}/${id}`, shows: gone },
          { path: page, shows: lacks(renamed) },
        ],
        write: async () => {
          await send('DELETE', `${list}/${id}`);
        },
      },
    };
  }

  /** Keyed by the route as the app declares it; every route that is not a read must be here, walked in this order. */
  const WRITES: Record<string, ContentWrite | OtherWrite> = {
    'POST /api/projects': {
      reads: () => [
        { path: '/api/projects', shows: contains('Fresh Rammed Earth House') },
        { path: '/architecture', shows: contains('Fresh Rammed Earth House') },
      ],
      write: async () => {
        made.project = await createProject(admin, { title: 'Fresh Rammed Earth House', category: 'Architecture' }, 3);
      },
    },
    'POST /api/projects/hero': {
      reads: () => [
        { path: '/api/projects/featured', shows: contains('Fresh Hero Lodge') },
        { path: '/', shows: contains('Fresh Hero Lodge') },
      ],
      write: async () => {
        const fields = { title: 'Fresh Hero Lodge', description: 'A lodge.', year: '2024', location: 'Haa' };
        heroProject = (await send(
          'POST',
          '/api/projects/hero',
          form({ ...fields, category: 'Residential' }),
        )) as Project;
      },
    },
    // The newer project leads; moved before it, the first one leads the API's list.
    'PUT /api/projects/:id/position': {
      reads: () => [
        { path: '/api/projects', shows: before('Fresh Rammed Earth House', 'Fresh Hero Lodge') },
        { path: '/architecture' },
      ],
      write: async () => {
        await send('PUT', `${projectApi()}/position`, { before: heroProject!.id });
      },
    },
    'PUT /api/projects/:id': {
      reads: () => [
        { path: projectPath(), shows: contains('Renamed Courtyard House') },
        { path: projectApi(), shows: contains('Renamed Courtyard House') },
        { path: '/api/projects', shows: contains('Renamed Courtyard House') },
      ],
      write: async () => {
        made.project = (await send('PUT', projectApi(), { title: 'Renamed Courtyard House' })) as Project;
      },
    },
    'POST /api/projects/:id/images': {
      reads: () => [
        { path: projectPath(), shows: contains('Added Courtyard Photo') },
        { path: projectApi(), shows: (answer) => data<Project>(answer).images.length === 4 },
      ],
      write: async () => {
        const added = form({ alts: 'Added Courtyard Photo' }, { images: [await jpeg('added.jpg', 620, 400)] });
        made.project = ((await send('POST', `${projectApi()}/images`, added)) as { project: Project }).project;
      },
    },
    'PUT /api/projects/:id/images': {
      reads: () => [{ path: projectPath(), shows: contains('Arranged Garden View') }],
      write: async () => {
        const images = [...made.project!.images]
          .reverse()
          .map((imageUrl, index) => ({ imageUrl, alt: index === 0 ? 'Arranged Garden View' : '' }));
        made.project = (await send('PUT', `${projectApi()}/images`, { images })) as Project;
      },
    },
    'PUT /api/projects/:id/images/position': {
      reads: () => [
        { path: projectApi(), shows: (answer) => data<Project>(answer).images[0] === made.project!.images[1] },
      ],
      write: async () => {
        await send('PUT', `${projectApi()}/images/position`, {
          imageUrl: made.project!.images[1],
          before: made.project!.images[0],
        });
      },
    },
    'PUT /api/projects/:id/cover': {
      reads: () => [{ path: projectApi(), shows: (answer) => data<Project>(answer).image === made.project!.images[1] }],
      write: async () => {
        await send('PUT', `${projectApi()}/cover`, { imageUrl: made.project!.images[1] });
      },
    },
    'PUT /api/media/focal-point': {
      // The cover (image 1 since the write before): the page shares its crop about the new point.
      reads: () => [{ path: projectPath(), shows: contains('-f080030.jpg') }],
      write: async () => {
        await send('PUT', '/api/media/focal-point', { imageUrl: made.project!.images[1], x: 0.8, y: 0.3 });
      },
    },
    'DELETE /api/projects/:id/images': {
      reads: () => [
        { path: projectApi(), shows: (answer) => !data<Project>(answer).images.includes(made.project!.images[0]!) },
      ],
      write: async () => {
        await send('DELETE', `${projectApi()}/images`, { imageUrl: made.project!.images[0] });
      },
    },
    'DELETE /api/projects/:id': {
      reads: () => [
        { path: projectPath(), shows: gone },
        { path: '/api/projects', shows: lacks('Renamed Courtyard House') },
      ],
      write: async () => {
        await send('DELETE', projectApi());
      },
    },
    'POST /api/blogs': {
      reads: () => [
        { path: '/blog', shows: contains('Fresh Notes From Bumthang') },
        { path: '/api/blogs', shows: contains('Fresh Notes From Bumthang') },
      ],
      write: async () => {
        made.post = await createPost(admin, { title: 'Fresh Notes From Bumthang' });
      },
    },
    'PUT /api/blogs/:id': {
      reads: () => [
        { path: `/blog/${made.post!.id}`, shows: contains('Edited Notes From Bumthang') },
        { path: `/api/blogs/${made.post!.id}`, shows: contains('Edited Notes From Bumthang') },
      ],
      write: async () => {
        await send('PUT', `/api/blogs/${made.post!.id}`, { title: 'Edited Notes From Bumthang' });
      },
    },
    'DELETE /api/blogs/:id': {
      reads: () => [
        { path: `/blog/${made.post!.id}`, shows: gone },
        { path: '/blog', shows: lacks('Edited Notes From Bumthang') },
      ],
      write: async () => {
        await send('DELETE', `/api/blogs/${made.post!.id}`);
      },
    },
    // The Trash (decision 036): a restored post is back at once; deleting one for good, or emptying the Trash, is a
    // content change too (its media rows go), though no public answer showed what was in the Trash.
    'POST /api/trash/:kind/:id/restore': {
      reads: () => [
        { path: `/blog/${made.post!.id}`, shows: contains('Edited Notes From Bumthang') },
        { path: '/blog', shows: contains('Edited Notes From Bumthang') },
      ],
      write: async () => {
        await send('POST', `/api/trash/blog/${made.post!.id}/restore`);
      },
    },
    'DELETE /api/trash/:kind/:id': {
      reads: () => [{ path: '/blog', shows: lacks('Edited Notes From Bumthang') }],
      write: async () => {
        await send('DELETE', `/api/blogs/${made.post!.id}`);
        await send('DELETE', `/api/trash/blog/${made.post!.id}`);
      },
    },
    ...namedResourceWrites('clients', '/', { name: 'Fresh Client Trust' }, 'Renamed Client Trust'),
    ...namedResourceWrites(
      'team-members',
      '/about',
      { name: 'Fresh Tashi Dorji', title: 'Engineer', position: 'Site' },
      'Renamed Tashi',
    ),
    // No public answer lists the media library: the kept pages must be made anew, which is all a visitor could see.
    'POST /api/media/upload': {
      reads: () => [{ path: '/' }, { path: '/about' }],
      write: async () => {
        made.media = await uploadMedia(admin, await jpeg('library.jpg', 600, 400));
      },
    },
    'DELETE /api/media/:id': {
      reads: () => [{ path: '/' }, { path: '/about' }],
      write: async () => {
        await send('DELETE', `/api/media/${made.media!.id}`);
      },
    },
    'DELETE /api/trash': {
      reads: () => [{ path: '/' }, { path: '/about' }],
      write: async () => {
        expect(((await send('DELETE', '/api/trash')) as { deleted: number }).deleted).toBeGreaterThan(0);
      },
    },
    // As the Settings page sends it: multipart, with the "Count visits" switch.
    'PUT /api/settings': {
      reads: () => [
        { path: '/', shows: contains('Fresh Druk Studio') },
        { path: '/contact', shows: contains('Fresh Druk Studio') },
        { path: '/api/settings', shows: contains('Fresh Druk Studio') },
      ],
      write: async () => {
        await send('PUT', '/api/settings', form({ brandName: 'Fresh Druk Studio', countVisits: 'true' }));
      },
    },
    // This server has no demo content (seeding it takes half a minute): the removal finds nothing and is a change
    // all the same. demo.test.ts removes real demo content and reads the pages after it.
    'DELETE /api/demo-content': {
      reads: () => [{ path: '/' }, { path: '/api/settings' }],
      write: async () => {
        await send('DELETE', '/api/demo-content');
      },
    },
    'PUT /api/site-texts': {
      reads: () => [
        { path: '/about', shows: contains('A fresh vision for the valley') },
        { path: '/api/site-texts', shows: contains('A fresh vision for the valley') },
      ],
      write: async () => {
        await send('PUT', '/api/site-texts', { vision: 'A fresh vision for the valley' });
      },
    },
    'PUT /api/site-texts/cards/:group': {
      reads: () => [
        { path: '/about', shows: contains('Fresh Value One') },
        { path: '/api/site-texts', shows: contains('Fresh Value One') },
      ],
      write: async () => {
        const items = ['One', 'Two', 'Three'].map((n) => ({ title: `Fresh Value ${n}`, text: `Value ${n} text.` }));
        await send('PUT', '/api/site-texts/cards/core-values', { items });
      },
    },
    'POST /api/testimonials': {
      reads: () => [
        { path: '/api/testimonials', shows: contains('A fresh word from Trongsa') },
        { path: '/', shows: contains('A fresh word from Trongsa') },
      ],
      write: async () => {
        const quote = { name: 'Sonam Choden', quote: 'A fresh word from Trongsa.', title: 'Owner' };
        testimonial = (await send('POST', '/api/testimonials', quote)) as Testimonial;
      },
    },
    'PUT /api/testimonials/:id': {
      reads: () => [
        { path: '/api/testimonials', shows: contains('An edited word from Trongsa') },
        { path: '/', shows: contains('An edited word from Trongsa') },
      ],
      write: async () => {
        await send('PUT', `/api/testimonials/${testimonial!.id}`, { quote: 'An edited word from Trongsa.' });
      },
    },
    // Added last; moved before the first, it leads.
    'PUT /api/testimonials/:id/position': {
      reads: () => [
        { path: '/api/testimonials', shows: (answer) => data<Testimonial[]>(answer)[0]!.id === testimonial!.id },
      ],
      write: async () => {
        const first = data<Testimonial[]>(await visit('/api/testimonials'))[0]!;
        await send('PUT', `/api/testimonials/${testimonial!.id}/position`, { before: first.id });
      },
    },
    'DELETE /api/testimonials/:id': {
      reads: () => [
        { path: '/api/testimonials', shows: lacks('An edited word from Trongsa') },
        { path: '/', shows: lacks('An edited word from Trongsa') },
      ],
      write: async () => {
        await send('DELETE', `/api/testimonials/${testimonial!.id}`);
      },
    },
    'PUT /api/page-seo': {
      reads: () => [{ path: '/about', shows: contains('A fresh description of the studio') }],
      write: async () => {
        await send('PUT', '/api/page-seo', { path: '/about', seoDescription: 'A fresh description of the studio.' });
      },
    },

    // Not public content (content-version.ts): these must leave kept pages kept, or a contact-form flood or a
    // sign-in would empty the page cache.
    'POST /api/contact': {
      notContent: 'a contact message: the inbox, which no public answer shows',
      write: async () => {
        expect((await api(server, 'POST', '/api/contact', { json: { ...contact, name: 'Pema' } })).status).toBe(200);
      },
    },
    'POST /contact': {
      notContent: 'the contact page’s form: a contact message',
      write: async () => {
        await post('/contact', { ...contact, name: 'Karma' }, false);
      },
    },
    'PUT /api/contacts/:id': {
      notContent: 'a contact message marked read',
      write: async () => {
        await send('PUT', `/api/contacts/${(await contactIds())[0]}`, { read: true });
      },
    },
    'DELETE /api/contacts/:id': {
      notContent: 'a contact message moved to the Trash',
      write: async () => {
        await send('DELETE', `/api/contacts/${(await contactIds())[0]}`);
      },
    },
    'POST /api/contacts/:id/notification': {
      notContent: 'a message’s e-mail queued in the outbox (Send it now): its own test is contact-notifications',
    },
    'POST /api/contacts/bulk-delete': {
      notContent: 'contact messages moved to the Trash',
      write: async () => {
        await send('POST', '/api/contacts/bulk-delete', { ids: await contactIds() });
      },
    },
    'POST /api/auth/login': {
      notContent: 'a sign-in: a session and a sign-in event',
      write: async () => {
        await server.login();
      },
    },
    'POST /api/auth/login/code': { notContent: 'a sign-in’s two-factor step: a session' },
    'POST /api/auth/logout': {
      notContent: 'a sign-out, as the dashboard’s button posts it without JavaScript: a session ended',
      write: async () => {
        const answer = await fetch(`${server.url}/api/auth/logout`, {
          method: 'POST',
          headers: { origin: server.origin, cookie: await server.login(), accept: 'text/html' },
          body: new URLSearchParams(),
        });
        expect(answer.url).toMatch(/\/dashboard\/login$/);
      },
    },
    'DELETE /api/account/sessions/:id': { notContent: 'the account: a session ended' },
    'DELETE /api/account/sessions': { notContent: 'the account: the other sessions ended' },
    'POST /api/account/password': { notContent: 'the account: its password' },
    'POST /api/account/two-factor/setup': { notContent: 'the account: a two-factor secret' },
    'POST /api/account/two-factor/enable': { notContent: 'the account: two-factor sign-in' },
    'POST /api/account/two-factor/disable': { notContent: 'the account: two-factor sign-in' },
    'POST /api/account/recovery-codes': { notContent: 'the account: recovery codes' },
    'POST /api/event': {
      notContent: 'a page view counted (visits): the owner’s figures, which no public answer shows',
      write: async () => {
        await send('POST', '/api/event', { p: '/', r: '' });
      },
    },
    'POST /api/notifications/test-email': {
      notContent: 'a test e-mail to the owner, and its rate-limit count',
      write: async () => {
        const answer = (await send('POST', '/api/notifications/test-email')) as TestEmailResult;
        expect(answer.sent).toBe(true);
      },
    },
    'POST /api/backups': {
      notContent: 'a backup of the site: a file in DATA_DIR/backups and the backups’ status row',
      write: async () => {
        const answer = (await send('POST', '/api/backups')) as BackupResult;
        expect(answer.made).toBe(true);
      },
    },
    'POST /api/backups/:name/restore': {
      notContent:
        'a restore (restore-from-dashboard.test.ts): every process stops and starts again on the restored data, so ' +
        'no kept page outlives it',
    },
    'POST /api/backups/restore': {
      notContent: 'a restore from an uploaded archive, as POST /api/backups/:name/restore',
    },
    'POST /api/test-clock/flush-visits': {
      notContent: 'the tests’ hook (TEST_CLOCK=1) that writes the waiting page views now: visits, no content',
    },
    'PUT /api/test-clock': {
      notContent: 'the tests’ publishing clock (TEST_CLOCK=1), no row; a publication time passing moves the watch',
    },
  };

  beforeAll(async () => {
    // A real SMTP server, so the test e-mail goes out (each contact message is e-mailed too: no content either).
    smtp = await startTestSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'owner@studio.example' });
    cookie = await server.login();
    admin = adminOf(server, cookie);
    // Lists that are not empty, so they are kept (an empty project list is not: project-list-query.ts).
    await createProject(admin, { title: 'Base Project', category: 'Architecture' }, 1);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('has every write route of the API and every page action in its table', () => {
    expect(Object.keys(WRITES).sort()).toEqual([...apiWriteRoutes(), ...pageActionRoutes()].sort());
  });

  it('shows each content write at the next public read, and keeps kept pages through every other write', async () => {
    const covered: string[] = [];
    for (const [route, entry] of Object.entries(WRITES)) {
      if (isContentWrite(entry)) {
        const reads = entry.reads();
        for (const { path, shows } of reads) {
          await visit(path);
          const kept = await visit(path);
          expect(kept.cache, `${route}: ${path} kept before the write`).toBe('hit');
          if (shows) expect(shows(kept), `${route}: ${path} before the write`).toBe(false);
        }
        await entry.write();
        for (const { path, shows } of reads) {
          const next = await visit(path);
          expect(next.cache, `${route}: ${path} made anew after the write`).toBeUndefined();
          if (shows) expect(shows(next), `${route}: ${path} after the write`).toBe(true);
        }
        covered.push(`${route} → fresh: ${reads.map(({ path }) => path).join(', ')}`);
      } else if (entry.write) {
        await visit('/');
        expect((await visit('/')).cache, `${route}: / kept before the write`).toBe('hit');
        await entry.write();
        expect((await visit('/')).cache, `${route}: / still kept after the write`).toBe('hit');
        covered.push(`${route} → not content (${entry.notContent}): / still served from the cache`);
      } else {
        covered.push(`${route} → not content (${entry.notContent}): not made`);
      }
    }
    console.log(`Writes walked (${covered.length}):\n${covered.map((line) => `  ${line}`).join('\n')}`);
  }, 120_000);
});
