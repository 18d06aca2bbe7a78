import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDetails, MediaItem, Project } from '../../core/types';
import { api } from '../support/api-client';
import { type Admin, adminOf, createProject, uploadMedia } from '../support/factories';
import { countRedPixels, imageBlob, makeMarkedImage } from '../support/images';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let cookie: string;
let admin: Admin;

/** Off centre, as the issue asks: a crop about the middle of a portrait picture leaves it out. */
const MARKER = { x: 0.85, y: 0.2 };

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
  admin = adminOf(server, cookie);
});
afterAll(() => server?.stop());

async function markedPortrait(name = 'marked.jpg') {
  return { data: imageBlob(await makeMarkedImage(800, 1200, MARKER)), name };
}

function setFocalPoint(body: unknown, signedIn = true) {
  return api(server, 'PUT', '/api/media/focal-point', { cookie: signedIn ? cookie : undefined, json: body });
}

async function stored(path: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${server.url}/uploads/${path}`);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

async function cover(project: Project): Promise<ImageDetails> {
  const { body } = await api<{ data: Project }>(server, 'GET', `/api/projects/${project.id}`);
  return body.data.imageDetails[0]!;
}

const socialCrop = (image: ImageDetails) => image.variants.find((variant) => variant.crop === 'social');

function ogImage(html: string): string {
  return /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
}

describe('the focal point of an image', () => {
  it('is the centre for an image nobody chose one for, whose page shares the whole picture', async () => {
    const item = await uploadMedia(admin, await markedPortrait());
    expect(item.focal).toEqual({ x: 0.5, y: 0.5 });
    const project = await createProject(admin, { title: 'Centred Chorten' }, [await markedPortrait()]);
    const image = await cover(project);
    expect(image.focal).toEqual({ x: 0.5, y: 0.5 });
    expect(socialCrop(image)).toBeUndefined();
    const html = await (await fetch(`${server.url}/project/${project.id}`)).text();
    expect(ogImage(html)).toMatch(new RegExp(`/uploads/${image.path}$`));
    expect(html).not.toContain('object-position');
  });

  it('crops the social image around the point, which the pages and the library then carry', async () => {
    const project = await createProject(admin, { title: 'Marked Lhakhang' }, [await markedPortrait()]);
    const before = await cover(project);
    const { status, body } = await setFocalPoint({ imageUrl: `/uploads/${before.path}`, ...MARKER });
    expect(status).toBe(200);
    expect(body.data).toEqual({ imageUrl: before.path, ...MARKER });

    const image = await cover(project);
    expect(image.focal).toEqual(MARKER);
    const crop = socialCrop(image)!;
    expect(crop.format).toBe('jpeg');
    expect(crop.width / crop.height).toBeCloseTo(1200 / 630, 1);
    const file = await stored(crop.path);
    expect(file.status).toBe(200);
    expect(await countRedPixels(file.body)).toBeGreaterThan(100);
    // The sizes of the whole picture are not crops: they stay as they were.
    expect(image.variants.filter((variant) => !variant.crop)).toEqual(before.variants);

    const html = await (await fetch(`${server.url}/project/${project.id}`)).text();
    expect(ogImage(html)).toMatch(new RegExp(`/uploads/${crop.path}$`));
    expect(html).toContain('object-position:85% 20%');
  });

  it('a crop about the middle would have lost the marker: the one made for the centre has none of it', async () => {
    const project = await createProject(admin, { title: 'Middle Dzong' }, [await markedPortrait()]);
    const image = await cover(project);
    expect((await setFocalPoint({ imageUrl: image.path, x: 0.5, y: 0.5 })).status).toBe(200);
    const file = await stored(socialCrop(await cover(project))!.path);
    expect(await countRedPixels(file.body)).toBe(0);
  });

  it('a new point is a new file, and the old crop is deleted', async () => {
    const item: MediaItem = await uploadMedia(admin, await markedPortrait());
    expect((await setFocalPoint({ imageUrl: item.url, x: 0.3, y: 0.7 })).status).toBe(200);
    expect((await setFocalPoint({ imageUrl: item.url, ...MARKER })).status).toBe(200);
    const library = await api<{ data: MediaItem[] }>(server, 'GET', '/api/media', { cookie });
    expect(library.body.data.find((entry) => entry.id === item.id)!.focal).toEqual(MARKER);
    const stem = item.url.replace(/\.jpg$/, '');
    expect((await stored(`${stem}-f030070.jpg`)).status).toBe(404);
    expect((await stored(`${stem}-f085020.jpg`)).status).toBe(200);
  });

  it('refuses a point outside the picture, an unknown image and a visitor', async () => {
    const item = await uploadMedia(admin, await markedPortrait());
    const outside = await setFocalPoint({ imageUrl: item.url, x: 1.2, y: 0.5 });
    expect(outside.status).toBe(400);
    expect(outside.body.fields).toHaveProperty('x');
    expect((await setFocalPoint({ imageUrl: item.url, x: '0.5', y: 0.5 })).status).toBe(400);
    expect((await setFocalPoint({ imageUrl: 'library/none.jpg', x: 0.5, y: 0.5 })).status).toBe(404);
    expect((await setFocalPoint({ imageUrl: item.url, x: 0.5, y: 0.5 }, false)).status).toBe(401);
  });
});
