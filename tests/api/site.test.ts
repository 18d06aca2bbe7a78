import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { MediaItem, SiteSettings } from '../../core/types';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { plantFile } from '../support/test-media';
import { startSignedIn, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await startSignedIn()));
afterAll(() => server?.stop());

describe('health', () => {
  it('answers {"status":"ok"}', async () => {
    expect(await api(server, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('site settings', () => {
  it('are read by anyone and changed by the administrator, field by field', async () => {
    const changed = await api<{ data: SiteSettings }>(server, 'PUT', '/api/settings', {
      cookie,
      json: { brandName: 'Druk Studio', phonePrimary: '+975 17 11 22 33', instagramUrl: 'https://instagram.com/druk' },
    });
    expect(changed.status).toBe(200);
    const logo = { data: imageBlob(await makeImage(400, 200, 'png'), 'image/png'), name: 'logo.png' };
    const withLogo = await api<{ data: SiteSettings }>(server, 'PUT', '/api/settings', {
      cookie,
      form: form({ address: 'Babesa, Thimphu, Bhutan' }, { logo: [logo] }),
    });
    expect(withLogo.body.data).toMatchObject({
      brandName: 'Druk Studio',
      address: 'Babesa, Thimphu, Bhutan',
      instagramUrl: 'https://instagram.com/druk',
    });
    expect(withLogo.body.data.logo).toMatch(/^settings\/.+\.png$/);
    const read = await api<{ data: SiteSettings }>(server, 'GET', '/api/settings');
    expect(read.body.data).toEqual(withLogo.body.data);
  });

  // Which links the settings take is tests/domain/settings.test.ts (and every hostile one, tests/api/hardening-input).
});

describe('the media library', () => {
  it('uploads several images and answers {success, data: urls}', async () => {
    const files = [
      { data: imageBlob(await makeImage(1600, 900)), name: 'wide.jpg' },
      { data: imageBlob(await makeImage(300, 300, 'gif'), 'image/gif'), name: 'anim.gif' },
      { data: imageBlob(await makeImage(300, 200, 'avif'), 'image/avif'), name: 'photo.avif' },
    ];
    const uploaded = await api<{ success: boolean; data: string[] }>(server, 'POST', '/api/media/upload', {
      cookie,
      form: form({}, { images: files }),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.success).toBe(true);
    expect(uploaded.body.data).toHaveLength(3);
    // What each upload is stored as is tests/domain/media.test.ts.
    const list = await api<{ data: MediaItem[] }>(server, 'GET', '/api/media', { cookie });
    expect(list.body.data.map((item) => item.url)).toEqual(expect.arrayContaining(uploaded.body.data));
  });

  it('needs at least one image', async () => {
    expect(await api(server, 'POST', '/api/media/upload', { cookie, form: form({}) })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.selectImagesToUpload },
    });
  });

  it('takes at most 10 images at a time, like the upload form', async () => {
    const image = imageBlob(await makeImage(40, 40));
    const images = Array.from({ length: 11 }, (_, index) => ({ data: image, name: `${index}.jpg` }));
    expect(await api(server, 'POST', '/api/media/upload', { cookie, form: form({}, { images }) })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.maxImagesAllowed(10) },
    });
  });

  it('answers a delete with 200, and a second one with 404', async () => {
    const uploaded = await api<{ data: string[] }>(server, 'POST', '/api/media/upload', {
      cookie,
      form: form({}, { images: [{ data: imageBlob(await makeImage(100, 100)), name: 'x.jpg' }] }),
    });
    const list = await api<{ data: MediaItem[] }>(server, 'GET', '/api/media', { cookie });
    const item = list.body.data.find((entry) => entry.url === uploaded.body.data[0])!;
    expect((await api(server, 'DELETE', `/api/media/${item.id}`, { cookie })).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/media/${item.id}`, { cookie })).status).toBe(404);
  });
});

describe('uploads', () => {
  it('never serve files outside the uploads folder or unfinished temporary files', async () => {
    await plantFile(server, '.tmp-unfinished', 'partial');
    for (const probe of [
      '/uploads/.tmp-unfinished',
      '/uploads/../studio.sqlite',
      '/uploads/%2e%2e/studio.sqlite',
      '/uploads/..%2fstudio.sqlite',
    ]) {
      const response = await fetch(`${server.url}${probe}`);
      expect(response.status, probe).toBe(404);
    }
  });
});

describe('pages', () => {
  it('are rendered on the server, and unknown paths answer 404', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>');
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
  });
});

describe('public answers', () => {
  it('carry an ETag, answer 304 while nothing changed, and change as soon as content does', async () => {
    const first = await fetch(`${server.url}/api/clients`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/api/clients`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await api(server, 'POST', '/api/clients', { cookie, json: { name: 'Fresh client' } });
    const changed = await fetch(`${server.url}/api/clients`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { data: { name: string }[] }).data[0]!.name).toBe('Fresh client');
  });

  it('are never stored by a shared cache when signed in', async () => {
    const signedIn = await api(server, 'GET', '/api/blogs', { cookie });
    expect(signedIn.headers.get('cache-control')).toContain('no-store');
  });
});
