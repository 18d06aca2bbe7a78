import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { Project } from '../../core/types';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { type Admin, adminOf, jpeg, sendProjectFields, type UploadFile } from '../support/factories';
import { isStored, storedFiles } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
let admin: Admin;

const validFields = {
  title: 'Paro Farmhouse',
  description: 'A rammed-earth farmhouse.',
  year: '2024',
  location: 'Paro',
  category: 'Private Homes',
};

async function createProjectWith(fields: Record<string, string>, images?: UploadFile[]) {
  return sendProjectFields(admin, fields, images ?? [await jpeg('one.jpg'), await jpeg('two.jpg', 900, 600)]);
}

function createProject(changes: Record<string, string> = {}, images?: UploadFile[]) {
  return createProjectWith({ ...validFields, ...changes }, images);
}

/** A stored image's bytes, as /uploads serves them (from disk or the bucket). */
async function uploadFile(relative: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/uploads/${relative}`);
  expect(response.status, relative).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Whether the storage (DATA_DIR/uploads or the bucket) holds the file. */
function stored(relative: string): Promise<boolean> {
  return isStored(server, relative);
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
  admin = adminOf(server, cookie);
});
afterAll(() => server?.stop());

describe('creating a project', () => {
  it('answers the stored project with its processed images', async () => {
    const { status, body } = await createProject();
    expect(status).toBe(201);
    const project = body.data;
    expect(project).toMatchObject({
      title: 'Paro Farmhouse',
      year: 2024,
      location: 'Paro',
      category: 'Private Homes',
      status: 'In Progress',
      featured: false,
      showInRecent: false,
    });
    expect(typeof project.id).toBe('number');
    expect(project.images).toHaveLength(2);
    expect(project.image).toBe(project.images[0]);
    expect(project.imageDetails[0]!.alt).toBe('Paro Farmhouse');
    // Scaled to fit 1200×800, saved as JPEG, with WebP and AVIF variants on disk.
    const first = project.imageDetails[0]!;
    expect(first.width).toBeLessThanOrEqual(1200);
    expect(first.height).toBeLessThanOrEqual(800);
    const meta = await sharp(await uploadFile(first.path)).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([first.width, first.height]);
    // The sizes come from the upload (decision 043), not from the main image: this 1600×1200 upload is stored
    // 1067×800, with sizes of 400, 800, 1200 and its own 1600 px, none wider than it.
    expect(first.width).toBe(1067);
    expect(first.variants.map((variant) => `${variant.width}.${variant.format}`).sort()).toEqual(
      [400, 800, 1200, 1600].flatMap((width) => [`${width}.avif`, `${width}.webp`]).sort(),
    );
    for (const variant of first.variants) expect(await stored(variant.path)).toBe(true);
  });

  it('serves the images under /uploads with their type, nosniff and a long cache', async () => {
    const { body } = await createProject();
    const response = await fetch(`${server.url}/uploads/${body.data.image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('immutable');
    const variant = body.data.imageDetails[0]!.variants.find((item) => item.format === 'avif')!;
    const avif = await fetch(`${server.url}/uploads/${variant.path}`);
    expect(avif.headers.get('content-type')).toBe('image/avif');
  });

  it('keeps PNG as PNG and WebP as WebP', async () => {
    const png = { data: imageBlob(await makeImage(300, 200, 'png'), 'image/png'), name: 'plan.png' };
    const webp = { data: imageBlob(await makeImage(300, 200, 'webp'), 'image/webp'), name: 'view.webp' };
    const { status, body } = await createProject({}, [png, webp]);
    expect(status).toBe(201);
    expect(body.data.images[0]).toMatch(/\.png$/);
    expect(body.data.images[1]).toMatch(/\.webp$/);
    expect((await sharp(await uploadFile(body.data.images[0]!)).metadata()).format).toBe('png');
  });

  // Which fields a project needs and takes, and how many images, are tests/domain/projects.test.ts.
  it('answers a missing field with 400, the error and the field named', async () => {
    const { title: _title, ...fields } = validFields;
    const { status, body } = await createProjectWith(fields);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'Title is required', fields: { title: 'Title is required' } });
  });

  it('keeps each alt text with its image, commas included, and falls back to the title for empty ones', async () => {
    const alts = JSON.stringify(['', 'The hall, seen from the stair']);
    const { status, body } = await createProject({ alts });
    expect(status).toBe(201);
    expect(body.data.imageDetails.map((image) => image.alt)).toEqual([
      'Paro Farmhouse',
      'The hall, seen from the stair',
    ]);
    const notAList = await createProject({ alts: '[not json' });
    expect(notAList.status).toBe(400);
  });

  it('needs an image part in the form', async () => {
    const none = await api(server, 'POST', '/api/projects', { cookie, form: form(validFields) });
    expect(none).toMatchObject({ status: 400, body: { error: MESSAGES.selectProjectImage } });
  });

  it('refuses a text file named .jpg with 415 and an 11 MB image with 413, storing nothing', async () => {
    const before = await api<{ data: Project[] }>(server, 'GET', '/api/projects');
    const filesBefore = await storedFiles(server);

    const text = { data: new Blob(['just some words'], { type: 'image/jpeg' }), name: 'photo.jpg' };
    const fake = await createProject({}, [await jpeg(), text]);
    expect(fake).toMatchObject({ status: 415, body: { error: MESSAGES.selectImageFile } });

    const real = await makeImage(100, 100);
    const huge = Buffer.concat([real, Buffer.alloc(MAX_IMAGE_BYTES + 1024 * 1024 - real.length)]);
    const tooBig = await createProject({}, [{ data: imageBlob(huge), name: 'big.jpg' }]);
    expect(tooBig).toMatchObject({ status: 413, body: { error: MESSAGES.imageTooLarge } });

    const after = await api<{ data: Project[] }>(server, 'GET', '/api/projects');
    expect(after.body.data).toEqual(before.body.data);
    expect(await storedFiles(server)).toEqual(filesBefore);
  });
});

describe('reading projects', () => {
  it('answers featured projects as {data, success}', async () => {
    const featured = await createProject({ featured: 'true', title: 'Hero Project' });
    const { status, body } = await api<{ data: Project[]; success: boolean }>(server, 'GET', '/api/projects/featured');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((project) => project.id)).toContain(featured.body.data.id);
    expect(body.data.every((project) => project.featured)).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(await api(server, 'GET', '/api/projects/999999')).toMatchObject({
      status: 404,
      body: { error: 'Project not found' },
    });
    expect((await api(server, 'GET', '/api/projects/abc')).status).toBe(404);
  });
});

describe('changing a project', () => {
  it('takes an update as multipart or as JSON', async () => {
    const { body } = await createProject();
    const id = body.data.id;
    const multipart = await api<{ data: Project }>(server, 'PUT', `/api/projects/${id}`, {
      cookie,
      form: form({ status: 'Completed', showInRecent: 'true' }),
    });
    expect(multipart).toMatchObject({ status: 200, body: { data: { status: 'Completed', showInRecent: true } } });
    const json = await api<{ data: Project }>(server, 'PUT', `/api/projects/${id}`, {
      cookie,
      json: { featured: true },
    });
    expect(json).toMatchObject({ status: 200, body: { data: { featured: true } } });
  });

  it('answers an added image as {project, newImages}, and a new cover or a removed image as the project', async () => {
    const { body } = await createProject();
    const added = await api<{ data: { project: Project; newImages: string[] } }>(
      server,
      'POST',
      `/api/projects/${body.data.id}/images`,
      { cookie, form: form({}, { images: [await jpeg('3.jpg', 64, 64)] }) },
    );
    expect(added.status).toBe(200);
    expect(added.body.data.project.images).toEqual([...body.data.images, ...added.body.data.newImages]);
    const cover = await api<{ data: Project }>(server, 'PUT', `/api/projects/${body.data.id}/cover`, {
      cookie,
      json: { imageUrl: `${server.url}/uploads/${added.body.data.newImages[0]}` },
    });
    expect(cover).toMatchObject({ status: 200, body: { data: { image: added.body.data.newImages[0] } } });
    const removed = await api<{ data: Project }>(server, 'DELETE', `/api/projects/${body.data.id}/images`, {
      cookie,
      json: { imageUrl: added.body.data.newImages[0] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: body.data.id, images: body.data.images, image: body.data.image });
  });

  it('reorders the images and sets their alt texts in one call, keeping the cover', async () => {
    const { body } = await createProject({}, [await jpeg('a.jpg'), await jpeg('b.jpg'), await jpeg('c.jpg')]);
    const [a, b, c] = body.data.images as [string, string, string];
    const arranged = await api<{ data: Project }>(server, 'PUT', `/api/projects/${body.data.id}/images`, {
      cookie,
      json: {
        images: [
          { imageUrl: c, alt: 'The courtyard at dusk' },
          { imageUrl: `/uploads/${a}`, alt: '' },
          { imageUrl: `${server.url}/uploads/${b}`, alt: '  The prayer room  ' },
        ],
      },
    });
    expect(arranged.status).toBe(200);
    expect(arranged.body.data.images).toEqual([c, a, b]);
    expect(arranged.body.data.image).toBe(a);
    expect(arranged.body.data.imageDetails.map((image) => image.alt)).toEqual([
      'The courtyard at dusk',
      'Paro Farmhouse',
      'The prayer room',
    ]);
    const read = await api<{ data: Project }>(server, 'GET', `/api/projects/${body.data.id}`);
    expect(read.body.data.imageDetails).toEqual(arranged.body.data.imageDetails);
  });

  it('refuses an arrangement the schema does not take, naming the field, and an unknown project with 404', async () => {
    const { body } = await createProject();
    const [a, b] = body.data.images as [string, string];
    const id = body.data.id;
    expect((await api(server, 'PUT', `/api/projects/${id}/images`, { cookie, json: { images: [] } })).status).toBe(400);
    expect((await api(server, 'PUT', `/api/projects/${id}/images`, { cookie, json: {} })).status).toBe(400);
    const tooLong = { images: [{ imageUrl: b, alt: 'x'.repeat(301) }, { imageUrl: a }] };
    expect(await api(server, 'PUT', `/api/projects/${id}/images`, { cookie, json: tooLong })).toMatchObject({
      status: 400,
      body: { fields: { 'images.0.alt': 'Must be at most 300 characters' } },
    });
    const missing = await api(server, 'PUT', '/api/projects/999999/images', {
      cookie,
      json: { images: [{ imageUrl: a }] },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Project not found' } });
    const after = await api<{ data: Project }>(server, 'GET', `/api/projects/${id}`);
    expect(after.body.data).toEqual(body.data);
  });

  it('refreshes the cached public list after an arrangement', async () => {
    const { body } = await createProject();
    const [a, b] = body.data.images as [string, string];
    await api(server, 'GET', '/api/projects');
    await api(server, 'PUT', `/api/projects/${body.data.id}/images`, {
      cookie,
      json: { images: [{ imageUrl: b }, { imageUrl: a, alt: 'Entrance' }] },
    });
    const listed = await api<{ data: Project[] }>(server, 'GET', '/api/projects');
    const project = listed.body.data.find((item) => item.id === body.data.id)!;
    expect(project.images).toEqual([b, a]);
    expect(project.imageDetails[1]!.alt).toBe('Entrance');
  });

  it('answers a delete with 200, then 404 for the project and for a second delete', async () => {
    const { body } = await createProject();
    expect((await api(server, 'DELETE', `/api/projects/${body.data.id}`, { cookie })).status).toBe(200);
    expect((await api(server, 'GET', `/api/projects/${body.data.id}`)).status).toBe(404);
    expect((await api(server, 'DELETE', `/api/projects/${body.data.id}`, { cookie })).status).toBe(404);
  });
});
