import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { Blog } from '../../core/types';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { startTestServer, type TestServer } from '../support/test-server';
import { POST_DEFAULTS as post } from '../support/factories';

let server: TestServer;
let cookie: string;

function createBlog(json: Record<string, unknown>) {
  return api<{ data: Blog }>(server, 'POST', '/api/blogs', { cookie, json: { ...post, ...json } });
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
});
afterAll(() => server?.stop());

describe('blog posts', () => {
  // The rules of a post's fields (tags, required fields, status, the HTML kept) are tests/domain/blogs.test.ts.
  it('take tags as comma-separated text in a multipart form', async () => {
    const multipart = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      form: form({ ...post, tags: 'a, b' }),
    });
    expect(multipart.body.data.tags).toEqual(['a', 'b']);
  });

  it('answer a missing field with 400, naming it', async () => {
    const { status, body } = await createBlog({ title: '' });
    expect(status).toBe(400);
    expect(Object.keys((body as unknown as { fields: object }).fields)).toContain('title');
  });

  it('keep drafts from visitors: listed and readable only with a session', async () => {
    const draft = await createBlog({ status: 'draft', title: 'Secret draft' });
    const publicList = await api<{ data: Blog[] }>(server, 'GET', '/api/blogs');
    expect(publicList.body.data.every((blog) => blog.status === 'published')).toBe(true);
    expect(publicList.body.data.map((blog) => blog.id)).not.toContain(draft.body.data.id);
    expect((await api(server, 'GET', `/api/blogs/${draft.body.data.id}`)).status).toBe(404);
    const adminList = await api<{ data: Blog[] }>(server, 'GET', '/api/blogs', { cookie });
    expect(adminList.body.data.map((blog) => blog.id)).toContain(draft.body.data.id);
    expect((await api(server, 'GET', `/api/blogs/${draft.body.data.id}`, { cookie })).status).toBe(200);
  });

  it('take a featured image and gallery images as multipart, a new image replacing the old', async () => {
    const image = { data: imageBlob(await makeImage(1000, 700)), name: 'cover.jpg' };
    const gallery = [{ data: imageBlob(await makeImage(500, 500)), name: 'g.jpg' }];
    const created = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      form: form(post, { image: [image], images: gallery }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.image).toMatch(/^blog\/.+\.jpg$/);
    expect(created.body.data.images).toHaveLength(1);
    const replacement = { data: imageBlob(await makeImage(800, 600)), name: 'new.jpg' };
    const updated = await api<{ data: Blog }>(server, 'PUT', `/api/blogs/${created.body.data.id}`, {
      cookie,
      form: form({}, { image: [replacement] }),
    });
    expect(updated.body.data.image).not.toBe(created.body.data.image);
    expect(updated.body.data.images).toEqual(created.body.data.images);
    expect((await fetch(`${server.url}/uploads/${created.body.data.image}`)).status).toBe(404);
  });

  it('refuse a non-image and an image over 10 MB', async () => {
    const text = { data: new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), name: 'x.png' };
    const refused = await api(server, 'POST', '/api/blogs', { cookie, form: form(post, { image: [text] }) });
    expect(refused).toMatchObject({ status: 415, body: { error: MESSAGES.selectImageFile } });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const tooBig = await api(server, 'POST', '/api/blogs', {
      cookie,
      form: form(post, { image: [{ data: imageBlob(big), name: 'big.jpg' }] }),
    });
    expect(tooBig).toMatchObject({ status: 413, body: { error: MESSAGES.imageTooLarge } });
  });

  it('delete a post, then answer 404 for it', async () => {
    const { body } = await createBlog({});
    expect((await api(server, 'DELETE', `/api/blogs/${body.data.id}`, { cookie })).status).toBe(200);
    expect((await api(server, 'GET', `/api/blogs/${body.data.id}`, { cookie })).status).toBe(404);
  });
});
