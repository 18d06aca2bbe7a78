import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROJECT_CATEGORIES } from '../../core/constants';
import { NO_DEFAULT_TEXTS, NO_DEMO_RECORDS } from '../../core/demo-content';
import type { Blog, Client, ImageDetails, Project, SiteSettings, TeamMember } from '../../core/types';
import { api } from '../support/api-client';
import { adminOf, createClient, createProject, jpeg } from '../support/factories';
import { onPostgres } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let password = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-demo-'));
const firstStart = { SEED_DEMO: '1', ADMIN_PASSWORD: '' };

/** On PostgreSQL: whether a site in another schema of the database started while this one was seeding. */
let neighbourReadyFirst: boolean | undefined;

beforeAll(async () => {
  // As a newcomer's first start: demo content on, no password chosen.
  const starting = startTestServer(firstStart, dataDir);
  if (onPostgres) {
    let seeded = false;
    void starting.then(() => (seeded = true)).catch(() => undefined);
    const neighbour = await startTestServer();
    neighbourReadyFirst = !seeded;
    await neighbour.stop();
  }
  server = await starting;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('first start', () => {
  it('prints the address and a generated password that signs in', async () => {
    const output = server.output();
    expect(output).toMatch(/Site ready at http:\/\/localhost:\d+/);
    password = /shown only once:\n\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const login = await api(server, 'POST', '/api/auth/login', { json: { username: 'admin', password } });
    expect(login.status).toBe(200);
  });

  it('fills a believable studio: projects across the categories, blogs, clients, team and settings', async () => {
    const projects = (await api<{ data: Project[] }>(server, 'GET', '/api/projects')).body.data;
    expect(projects.length).toBeGreaterThanOrEqual(12);
    for (const project of projects) {
      expect(ALL_PROJECT_CATEGORIES).toContain(project.category);
      expect(project.images.length).toBeGreaterThanOrEqual(2);
      expect(project.images.length).toBeLessThanOrEqual(4);
      expect(project.year).toBeGreaterThanOrEqual(2021);
      expect(project.year).toBeLessThanOrEqual(2026);
      expect(project.imageDetails.every((image) => image.alt.length > 0)).toBe(true);
    }
    expect(new Set(projects.map((project) => project.category)).size).toBeGreaterThanOrEqual(10);
    expect(projects.filter((project) => project.featured).length).toBeGreaterThanOrEqual(3);
    expect(projects.filter((project) => project.showInRecent).length).toBeGreaterThanOrEqual(3);
    const image = await fetch(`${server.url}/uploads/${projects[0]!.image}`);
    expect(image.status).toBe(200);

    const publicBlogs = (await api<{ data: Blog[] }>(server, 'GET', '/api/blogs')).body.data;
    expect(publicBlogs).toHaveLength(3);
    const login = await api(server, 'POST', '/api/auth/login', { json: { username: 'admin', password } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const allBlogs = (await api<{ data: Blog[] }>(server, 'GET', '/api/blogs', { cookie })).body.data;
    expect(allBlogs.filter((blog) => blog.status === 'draft')).toHaveLength(1);
    expect(allBlogs).toHaveLength(4);
    const clients = (await api<{ data: Client[] }>(server, 'GET', '/api/clients', { cookie })).body.data;
    expect(clients).toHaveLength(6);
    expect(clients.every((client) => client.logo !== '')).toBe(true);
    const team = (await api<{ data: TeamMember[] }>(server, 'GET', '/api/team-members')).body.data;
    expect(team).toHaveLength(4);
    const settings = (await api<{ data: SiteSettings }>(server, 'GET', '/api/settings')).body.data;
    expect(settings.address).toBe('Babesa, Thimphu, Bhutan');
    expect(settings.phonePrimary).not.toBe('');
    expect(settings.phoneSecondary).not.toBe('');
  });

  it('says how the seeding goes, image by image at about every tenth, up to all of them, then where to remove it', async () => {
    const output = server.output();
    const steps = [...output.matchAll(/^Seeding demo content: (\d+) of (\d+) images$/gm)].map(([, done, total]) => ({
      done: Number(done),
      total: Number(total),
    }));
    const lists = await readLists(await signIn(password));
    const total = storedImages(lists).length;
    expect(steps[0]).toEqual({ done: 0, total });
    expect(steps.at(-1)).toEqual({ done: total, total });
    expect(steps.every((step) => step.total === total)).toBe(true);
    expect(steps.map((step) => step.done)).toEqual([...new Set(steps.map((step) => step.done))].sort((a, b) => a - b));
    // A line at the start, one a tenth or so, the last: not one per image.
    expect(steps.length).toBeGreaterThanOrEqual(6);
    expect(steps.length).toBeLessThanOrEqual(12);
    const ready = output.indexOf('Site ready at');
    const made = output.indexOf(
      `The site shows demo content: ${lists.projects.length} projects, ${lists.blogs.length} blog posts, ` +
        `${lists.clients.length} clients and ${lists.team.length} team members.`,
    );
    expect(made).toBeGreaterThan(output.lastIndexOf('Seeding demo content:'));
    expect(ready).toBeGreaterThan(made);
    expect(output.slice(made)).toContain('Remove it in the dashboard (Settings, Remove demo content)');
  });

  it.runIf(onPostgres)('holds up no site in another schema of the database while it seeds', () => {
    // The start-up lock is the schema's: the seeding takes 30 s or more, an empty site's start a second or two.
    expect(neighbourReadyFirst).toBe(true);
  });

  it('does not seed again on the next start', async () => {
    const before = (await api<{ data: Project[] }>(server, 'GET', '/api/projects')).body.data.length;
    await server.stop();
    server = await startTestServer(firstStart, dataDir);
    expect(server.output()).not.toContain('shown only once');
    expect((await api<{ data: Project[] }>(server, 'GET', '/api/projects')).body.data).toHaveLength(before);
  });
});

describe('remove demo content', () => {
  const ownPassword = 'Dochula pass at dawn, 3100 m';
  let cookie = '';
  beforeAll(async () => {
    cookie = await signIn(password);
    const changed = await api(server, 'POST', '/api/account/password', {
      cookie,
      json: { currentPassword: password, newPassword: ownPassword },
    });
    expect(changed.status).toBe(200);
  });

  const settingsPage = async () => (await fetch(`${server.url}/dashboard/settings`, { headers: { cookie } })).text();

  it('deletes what the demo made as it made it, keeps the owner’s own and edits, and does nothing the second time', async () => {
    const demo = await readLists(cookie);
    const admin = adminOf(server, cookie);
    const ownProject = await createProject(admin, { title: 'Owner’s Library in Haa' }, 2);
    const ownClient = await createClient(admin, { name: 'Owner’s Client Trust' }, await jpeg('trust.png', 600, 400));
    const editedClient = demo.clients[0]!;
    expect(
      (await api(server, 'PUT', `/api/clients/${editedClient.id}`, { cookie, json: { name: 'Our client' } })).status,
    ).toBe(200);
    const ownPhone = '+975 77 00 11 22';
    expect((await api(server, 'PUT', '/api/settings', { cookie, json: { phonePrimary: ownPhone } })).status).toBe(200);
    const message = { name: 'Pema', email: 'pema@example.bt', message: 'A house in Paro, please.' };
    expect((await api(server, 'POST', '/api/contact', { json: message })).status).toBe(200);

    const page = await settingsPage();
    expect(page).toContain('Remove demo content');
    const demoRecords = `${demo.projects.length} projects, ${demo.blogs.length} blog posts, ${demo.clients.length - 1} clients and ${demo.team.length} team members`;
    expect(page).toContain(demoRecords);
    // A visitor's page kept before the removal must not be served after it.
    const demoTitle = demo.projects.find((project) => project.featured)!.title;
    expect(await (await fetch(`${server.url}/`)).text()).toContain(demoTitle);
    expect(await (await fetch(`${server.url}/`)).text()).toContain(demoTitle);

    const removal = await api(server, 'DELETE', '/api/demo-content', { cookie });
    expect(removal.status).toBe(200);
    expect(removal.body.data).toEqual({
      remove: {
        projects: demo.projects.length,
        blogs: demo.blogs.length,
        clients: demo.clients.length - 1,
        teamMembers: demo.team.length,
      },
      keep: { ...NO_DEMO_RECORDS, clients: 1 },
      resetSettings: true,
      // Not asked to: clean-site.test.ts clears them.
      defaultTexts: NO_DEFAULT_TEXTS,
    });

    const left = await readLists(cookie);
    expect(left.projects.map((project) => project.id)).toEqual([ownProject.id]);
    expect(left.blogs).toEqual([]);
    expect(left.clients.map((client) => client.id).sort()).toEqual([editedClient.id, ownClient.id].sort());
    expect(left.team).toEqual([]);
    expect(left.settings).toEqual({
      brandName: 'Studio',
      description: '',
      logo: '',
      contactEmail: '',
      phonePrimary: ownPhone,
      phoneSecondary: '',
      address: demo.settings.address,
      facebookUrl: '',
      instagramUrl: '',
      youtubeUrl: '',
      tiktokUrl: '',
    });

    // The demo's files went with their records (originals and variants); the stored files are the owner's alone.
    const kept = storedFiles(left);
    const removed = storedFiles(demo).filter((file) => !kept.includes(file));
    expect(removed.length).toBeGreaterThan(100);
    for (const file of [...removed, demo.settings.logo]) {
      expect((await fetch(`${server.url}/uploads/${file}`)).status, file).toBe(404);
    }
    expect(filesOnDisk()).toEqual(kept.sort());

    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toContain(demoTitle);
    expect(home).toContain('No featured projects yet.');
    expect((await fetch(`${server.url}/project/${demo.projects[0]!.id}`)).status).toBe(404);
    expect((await api<{ data: unknown[] }>(server, 'GET', '/api/contacts', { cookie })).body.data).toHaveLength(1);
    // What stays on offer is SPEC's sample texts alone.
    const offer = await settingsPage();
    expect(offer).toContain('Also clear the sample texts');
    expect(offer).not.toContain('Removing it:');
    expect(await signIn(ownPassword)).not.toBe('');

    const again = await api(server, 'DELETE', '/api/demo-content', { cookie });
    expect(again).toMatchObject({
      status: 200,
      body: { data: { remove: NO_DEMO_RECORDS, keep: NO_DEMO_RECORDS, resetSettings: false } },
    });
    expect(await readLists(cookie)).toEqual(left);
  });
});

/** Signs in as the administrator; answers the session cookie. */
async function signIn(withPassword: string): Promise<string> {
  const login = await api(server, 'POST', '/api/auth/login', { json: { username: 'admin', password: withPassword } });
  expect(login.status).toBe(200);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

interface Lists {
  projects: Project[];
  blogs: Blog[];
  clients: Client[];
  team: TeamMember[];
  settings: SiteSettings;
}

/** Everything, as the signed-in administrator sees it (drafts and inactive clients too). */
async function readLists(cookie: string): Promise<Lists> {
  const read = async <T>(path: string) => (await api<{ data: T }>(server, 'GET', path, { cookie })).body.data;
  return {
    projects: await read<Project[]>('/api/projects'),
    blogs: await read<Blog[]>('/api/blogs'),
    clients: await read<Client[]>('/api/clients'),
    team: await read<TeamMember[]>('/api/team-members'),
    settings: await read<SiteSettings>('/api/settings'),
  };
}

/** Every stored image the records show (the settings' logo by its path alone: the API gives no more of it). */
function storedImages({ projects, blogs, clients, team, settings }: Lists): ImageDetails[] {
  return [
    ...projects.flatMap((project) => project.imageDetails),
    ...blogs.flatMap((blog) => [...(blog.imageDetails ? [blog.imageDetails] : []), ...blog.imagesDetails]),
    ...clients.flatMap((client) => (client.logoDetails ? [client.logoDetails] : [])),
    ...team.flatMap((member) => (member.imageDetails ? [member.imageDetails] : [])),
    ...(settings.logo ? [{ path: settings.logo, width: 0, height: 0, alt: '', variants: [] }] : []),
  ];
}

/** The files of those images: each one's original and variants. */
function storedFiles(lists: Lists): string[] {
  return storedImages(lists).flatMap((image) => [image.path, ...image.variants.map((variant) => variant.path)]);
}

function filesOnDisk(): string[] {
  const uploads = path.join(dataDir, 'uploads');
  return fs
    .readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)))
    .sort();
}
