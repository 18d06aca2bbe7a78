import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../core/constants';
import type { Blog, Project } from '../../core/types';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { onPostgres, postgresUrlFor } from '../support/test-database';
import { testBucket } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 6: two instances of the site on different ports, each with its own data
 * folder, share one PostgreSQL database and one bucket and nothing else, as they
 * would behind a load balancer. Whatever one knows (a sign-in, a saved post or
 * project with its images, a throttle count) the other knows too.
 */
describe.runIf(onPostgres)('two instances sharing one database and one bucket', () => {
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-scale-out-'));
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    const env = { DATABASE_URL: await postgresUrlFor(shared) };
    const bucket = await testBucket();
    // Started together: one runs the migrations, the other waits on their lock and finds them done.
    [first, second] = await Promise.all([
      startTestServer(env, undefined, { bucket }),
      startTestServer(env, undefined, { bucket }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('accept on one a sign-in made on the other, and end it on both at logout', async () => {
    const cookie = await first.login();
    expect((await api(second, 'GET', '/api/auth/session', { cookie })).body.data).toMatchObject({ username: 'admin' });
    expect((await api(second, 'GET', '/api/contacts', { cookie })).status).toBe(200);
    expect((await api(second, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    expect((await api(first, 'GET', '/api/contacts', { cookie })).status).toBe(401);
  });

  it('show content saved through one on the other’s public pages and API at the next read', async () => {
    const cookie = await first.login();
    // The second instance has served (and cached) the blog list before the write.
    expect((await api<{ data: Blog[] }>(second, 'GET', '/api/blogs')).body.data).toEqual([]);
    const created = await api<{ data: Blog }>(first, 'POST', '/api/blogs', {
      cookie,
      json: {
        title: 'Rammed earth in Punakha',
        author: 'Karma Wangmo',
        category: 'Sustainability',
        excerpt: 'Walls of earth, built by hand.',
        content: '<p>Local soil, thick walls.</p>',
        status: 'published',
      },
    });
    expect(created.status).toBe(201);
    const listed = await api<{ data: Blog[] }>(second, 'GET', '/api/blogs');
    expect(listed.body.data.map((blog) => blog.title)).toEqual(['Rammed earth in Punakha']);
    const page = await fetch(`${second.url}/blog/${created.body.data.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Local soil, thick walls.');
    expect(await (await fetch(`${second.url}/blog`)).text()).toContain('Rammed earth in Punakha');
  });

  it('serve a project saved through one, with its images from the bucket, on the other', async () => {
    const cookie = await first.login();
    const images = [{ data: imageBlob(await makeImage(900, 600)), name: 'courtyard.jpg' }];
    const fields = { title: 'Shared courtyard house', description: 'Stone and timber.', year: '2025' };
    const created = await api<{ data: Project }>(first, 'POST', '/api/projects', {
      cookie,
      form: form({ ...fields, location: 'Paro', category: 'Private Homes' }, { images }),
    });
    expect(created.status).toBe(201);
    const project = created.body.data;
    const page = await (await fetch(`${second.url}/project/${project.id}`)).text();
    expect(page).toContain('Shared courtyard house');
    expect(page).toContain(project.imageDetails[0]!.path);
    const image = await fetch(`${second.url}/uploads/${project.imageDetails[0]!.path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(fs.existsSync(path.join(first.dataDir, 'uploads'))).toBe(false);
  });

  it('count failed sign-ins on both instances toward one throttle', async () => {
    const wrong = { username: 'admin', password: 'not the password' };
    for (let index = 0; index < LOGIN_MAX_FAILURES; index += 1) {
      const server = index % 2 === 0 ? first : second;
      expect((await api(server, 'POST', '/api/auth/login', { json: wrong })).status).toBe(401);
    }
    expect((await api(first, 'POST', '/api/auth/login', { json: wrong })).status).toBe(429);
    expect((await api(second, 'POST', '/api/auth/login', { json: wrong })).status).toBe(429);
  });
});
