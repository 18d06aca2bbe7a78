import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRASH_RETENTION_DAYS } from '../../core/constants';
import { BLOG_FEED_PATH } from '../../core/site-structure';
import type { Blog, Client, ContactMessage, MediaItem, Project, TeamMember, TrashItem } from '../../core/types';
import { api } from '../support/api-client';
import {
  type Admin,
  adminOf,
  CONTACT_MESSAGE_DEFAULTS,
  createClient,
  createPost,
  createProject,
  createTeamMember,
  jpeg,
  uploadMedia,
} from '../support/factories';
import { isStored } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 35, item 7 (decision 036): what the owner deletes goes to the Trash for TRASH_RETENTION_DAYS, with its images;
// nothing public shows it, Restore brings it back where it was, Delete forever removes the rows, then the files.

let server: TestServer;
let cookie: string;
let admin: Admin;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
  admin = adminOf(server, cookie);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function signedIn<T>(method: string, path: string, json?: unknown) {
  return api<T>(server, method, path, { cookie, json });
}

async function trash(): Promise<TrashItem[]> {
  const { status, body } = await signedIn<{ data: TrashItem[] }>('GET', '/api/trash');
  expect(status).toBe(200);
  return body.data;
}

async function visitorText(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, text: await response.text() };
}

const imageFilesOf = (project: Project) =>
  project.imageDetails.flatMap((image) => [image.path, ...image.variants.map((variant) => variant.path)]);

describe('the Trash', () => {
  it('takes a deleted project off every public answer at once, and Restore brings it back with its images and flags', async () => {
    const project = await createProject(
      admin,
      { title: 'Trashed Dzong Retreat', featured: 'true', showInRecent: 'true' },
      2,
    );
    const publicReads = ['/api/projects', '/api/projects/featured', '/sitemap.xml', '/', `/project/${project.id}`];
    for (const path of publicReads) {
      // Twice: the second answer is a kept one, which the delete must make stale.
      await visitorText(path);
      expect((await visitorText(path)).text, path).toContain(
        path === '/sitemap.xml' ? `/project/${project.id}` : 'Trashed Dzong Retreat',
      );
    }

    const deleted = await signedIn('DELETE', `/api/projects/${project.id}`);
    expect(deleted.status).toBe(200);
    for (const path of publicReads.slice(0, 4)) {
      const { text } = await visitorText(path);
      expect(text, path).not.toContain(path === '/sitemap.xml' ? `/project/${project.id}` : 'Trashed Dzong Retreat');
    }
    expect((await visitorText(`/project/${project.id}`)).status).toBe(404);
    expect((await api(server, 'GET', `/api/projects/${project.id}`)).status).toBe(404);
    // The dashboard's lists leave it out too, and it cannot be edited while in the Trash.
    const adminList = await signedIn<{ data: Project[] }>('GET', '/api/projects');
    expect(adminList.body.data.map((each) => each.id)).not.toContain(project.id);
    expect((await signedIn('PUT', `/api/projects/${project.id}`, { title: 'Edited' })).status).toBe(404);

    for (const file of imageFilesOf(project)) expect(await isStored(server, file), file).toBe(true);
    const [item] = (await trash()).filter((each) => each.kind === 'project' && each.id === project.id);
    expect(item).toMatchObject({ title: 'Trashed Dzong Retreat', thumbnail: project.image });
    expect(Date.parse(item!.purgeAt) - Date.parse(item!.trashedAt)).toBe(TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);

    expect((await signedIn('POST', `/api/trash/project/${project.id}/restore`)).status).toBe(200);
    const restored = await api<{ data: Project }>(server, 'GET', `/api/projects/${project.id}`);
    expect(restored.body.data).toEqual(project);
    for (const path of publicReads) {
      const { text } = await visitorText(path);
      expect(text, path).toContain(path === '/sitemap.xml' ? `/project/${project.id}` : 'Trashed Dzong Retreat');
    }
    expect((await trash()).some((each) => each.kind === 'project' && each.id === project.id)).toBe(false);
  });

  it('deletes forever only from the Trash: the row, then the files', async () => {
    const project = await createProject(admin, { title: 'Forgotten Farmhouse' }, 2);
    expect((await signedIn('DELETE', `/api/trash/project/${project.id}`)).status).toBe(404);
    await signedIn('DELETE', `/api/projects/${project.id}`);

    const forever = await signedIn('DELETE', `/api/trash/project/${project.id}`);
    expect(forever).toMatchObject({ status: 200, body: { data: { kind: 'project', id: project.id } } });
    for (const file of imageFilesOf(project)) expect(await isStored(server, file), file).toBe(false);
    expect((await trash()).some((each) => each.id === project.id && each.kind === 'project')).toBe(false);
    expect((await signedIn('POST', `/api/trash/project/${project.id}/restore`)).status).toBe(404);
  });

  it('holds posts, clients, team members, messages and library images, each gone from its lists until restored', async () => {
    const post = await createPost(admin, { title: 'Trashed Notes From Haa' });
    const client = await createClient(admin, { name: 'Trashed Client Trust' }, await jpeg('logo.jpg', 400, 300));
    const member = await createTeamMember(admin, { name: 'Trashed Sonam' }, await jpeg('face.jpg', 400, 400));
    const media = await uploadMedia(admin, await jpeg('library.jpg', 600, 400));
    expect(
      (await api(server, 'POST', '/api/contact', { json: { ...CONTACT_MESSAGE_DEFAULTS, name: 'Trashed Sender' } }))
        .status,
    ).toBe(200);
    const messages = await signedIn<{ data: ContactMessage[] }>('GET', '/api/contacts');
    const message = messages.body.data.find((each) => each.name === 'Trashed Sender')!;

    const lists = {
      blog: {
        id: post.id,
        list: '/api/blogs',
        named: (body: Blog[]) => body.map((each) => each.id),
        page: BLOG_FEED_PATH,
      },
      client: {
        id: client.id,
        list: '/api/clients',
        named: (body: Client[]) => body.map((each) => each.id),
        page: '/',
      },
      'team-member': {
        id: member.id,
        list: '/api/team-members',
        named: (body: TeamMember[]) => body.map((each) => each.id),
        page: '/about',
      },
      media: {
        id: media.id,
        list: '/api/media',
        named: (body: MediaItem[]) => body.map((each) => each.id),
        page: null,
      },
      contact: {
        id: message.id,
        list: '/api/contacts',
        named: (body: ContactMessage[]) => body.map((each) => each.id),
        page: null,
      },
    } as const;
    const titles = {
      blog: 'Trashed Notes From Haa',
      client: 'Trashed Client Trust',
      'team-member': 'Trashed Sonam',
      media: 'library.jpg',
      contact: 'Trashed Sender',
    };
    const deletePaths = {
      blog: `/api/blogs/${post.id}`,
      client: `/api/clients/${client.id}`,
      'team-member': `/api/team-members/${member.id}`,
      media: `/api/media/${media.id}`,
      contact: `/api/contacts/${message.id}`,
    };
    const listed = async (kind: keyof typeof lists) => {
      const { list, named, id } = lists[kind];
      const { body } = await signedIn<{ data: never[] }>('GET', list);
      return (named as (rows: never[]) => number[])(body.data).includes(id);
    };

    for (const kind of Object.keys(lists) as (keyof typeof lists)[]) {
      const { page, id } = lists[kind];
      if (page) expect((await visitorText(page)).text, page).toContain(titles[kind]);
      expect((await signedIn('DELETE', deletePaths[kind])).status, kind).toBe(200);
      expect(await listed(kind), kind).toBe(false);
      if (page) expect((await visitorText(page)).text, page).not.toContain(titles[kind]);
      const item = (await trash()).find((each) => each.kind === kind && each.id === id);
      expect(item, kind).toMatchObject({ title: titles[kind] });
      // Deleting it again is deleting what is not there any more.
      expect((await signedIn('DELETE', deletePaths[kind])).status, kind).toBe(404);
    }
    expect((await trash()).find((each) => each.kind === 'client')?.thumbnail).toBe(client.logo);

    for (const kind of Object.keys(lists) as (keyof typeof lists)[]) {
      expect((await signedIn('POST', `/api/trash/${kind}/${lists[kind].id}/restore`)).status, kind).toBe(200);
      expect(await listed(kind), kind).toBe(true);
      const { page } = lists[kind];
      if (page) expect((await visitorText(page)).text, page).toContain(titles[kind]);
    }
  });

  it('moves messages bulk-deleted from the inbox to the Trash, and empties it', async () => {
    for (const name of ['Bulk One', 'Bulk Two']) {
      await api(server, 'POST', '/api/contact', { json: { ...CONTACT_MESSAGE_DEFAULTS, name } });
    }
    const inbox = await signedIn<{ data: ContactMessage[] }>('GET', '/api/contacts');
    const ids = inbox.body.data.filter((each) => each.name.startsWith('Bulk ')).map((each) => each.id);
    const bulk = await signedIn<{ data: { deleted: number } }>('POST', '/api/contacts/bulk-delete', { ids });
    expect(bulk.body.data.deleted).toBe(2);
    const page = await signedIn<{ total: number; data: ContactMessage[] }>('GET', '/api/contacts?q=Bulk');
    expect(page.body.total).toBe(0);
    expect((await trash()).filter((each) => each.kind === 'contact' && ids.includes(each.id))).toHaveLength(2);

    const emptied = await signedIn<{ data: { deleted: number } }>('DELETE', '/api/trash');
    expect(emptied.body.data.deleted).toBeGreaterThanOrEqual(2);
    expect(await trash()).toEqual([]);
  });

  it('is the signed-in administrator’s alone, and says what it does not hold', async () => {
    expect((await api(server, 'GET', '/api/trash')).status).toBe(401);
    expect((await api(server, 'DELETE', '/api/trash')).status).toBe(401);
    const crossSite = await api(server, 'DELETE', '/api/trash', { cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const unknownKind = await signedIn<{ error: string }>('POST', '/api/trash/testimonial/1/restore');
    expect(unknownKind.status).toBe(404);
    expect(unknownKind.body.error).toMatch(/Trash holds/);
    expect((await signedIn('POST', '/api/trash/blog/999999/restore')).status).toBe(404);
  });
});
