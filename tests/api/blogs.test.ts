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
  it('accept tags as a list or comma-separated text, trimmed, empties dropped', async () => {
    expect((await createBlog({ tags: [' earth ', '', 'walls'] })).body.data.tags).toEqual(['earth', 'walls']);
    expect((await createBlog({ tags: 'earth, , walls ,' })).body.data.tags).toEqual(['earth', 'walls']);
    const multipart = await api<{ data: Blog }>(server, 'POST', '/api/blogs', {
      cookie,
      form: form({ ...post, tags: 'a, b' }),
    });
    expect(multipart.body.data.tags).toEqual(['a', 'b']);
  });

  it.each(['title', 'author', 'category', 'excerpt', 'content'])('require %s', async (field) => {
    const { status, body } = await createBlog({ [field]: '' });
    expect(status).toBe(400);
    expect(Object.keys((body as unknown as { fields: object }).fields)).toContain(field);
  });

  it('refuse a status other than draft or published', async () => {
    expect((await createBlog({ status: 'archived' })).status).toBe(400);
  });

  it('sanitise the HTML on save, keeping its formatting', async () => {
    const content =
      '<p onclick="steal()">Hello <em>there</em><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">good</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const { body } = await createBlog({ content });
    const saved = body.data.content;
    expect(saved).toContain('<em>there</em>');
    expect(saved).toContain('href="https://example.com"');
    expect(saved).toContain('rel="noopener noreferrer"');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<style'])
      expect(saved).not.toContain(bad);
  });

  it('keep drafts from visitors: listed and readable only with a session', async () => {
    const draft = await createBlog({ status: 'draft', title: 'Secret draft' });
    expect(draft.body.data.publishedAt).toBeNull();
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
