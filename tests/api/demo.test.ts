import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROJECT_CATEGORIES } from '../../core/constants';
import type { Blog, Client, Project, SiteSettings, TeamMember } from '../../core/types';
import { api } from '../support/api-client';
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
