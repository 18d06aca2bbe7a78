import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MEMORY } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage, makeNoisyImage } from '../support/images';
import { rawRequest } from '../support/raw-http';
import { onS3, plantFile, storedFiles } from '../support/test-media';
import { startSignedIn, type TestServer } from '../support/test-server';

/** Issue 5, files: decompression bombs, /uploads path tricks, upload names, what /uploads serves. */

let server: TestServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await startSignedIn()));
afterAll(() => server?.stop());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims width × height pixels (8-bit RGB). */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header is changed to claim width × height pixels. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await makeImage(16, 16, 'jpeg'));
  for (let index = 2; index < jpeg.length - 9; index += 1) {
    if (jpeg[index] === 0xff && (jpeg[index + 1] === 0xc0 || jpeg[index + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, index + 5);
      jpeg.writeUInt16BE(width, index + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header found');
}

const rawGet = (rawPath: string) => rawRequest(server, rawPath);

/** What the storage holds (DATA_DIR/uploads or the bucket). */
const uploadedFiles = () => storedFiles(server);
const SERVER_MADE = /^[a-z]+\/[0-9a-z]+-[0-9a-f]{16}(?:-\d{1,4})?\.(?:jpg|png|webp|avif)$/;

function projectForm(images: { data: Blob; name: string }[]): FormData {
  return form(
    { title: 'Bomb', description: 'd', category: 'Residential', location: 'L', year: '2024', status: 'Completed' },
    { images },
  );
}

describe('images whose header claims huge dimensions', () => {
  it.each([
    ['a PNG claiming 50,000 × 50,000', () => Promise.resolve(pngClaiming(50_000, 50_000)), 'image/png', 'bomb.png'],
    ['a JPEG claiming 60,000 × 60,000', () => jpegClaiming(60_000, 60_000), 'image/jpeg', 'bomb.jpg'],
  ])('%s is refused with 413 by the media library and projects, storing nothing', async (_name, make, type, name) => {
    const bytes = await make();
    const before = await uploadedFiles();
    const media = await api(server, 'POST', '/api/media/upload', {
      cookie,
      form: form({}, { images: [{ data: imageBlob(bytes, type), name }] }),
    });
    expect(media).toMatchObject({ status: 413, body: { error: MESSAGES.imageDimensionsTooLarge } });
    const project = await api(server, 'POST', '/api/projects', {
      cookie,
      form: projectForm([{ data: imageBlob(bytes, type), name }]),
    });
    expect(project).toMatchObject({ status: 413, body: { error: MESSAGES.imageDimensionsTooLarge } });
    expect(await uploadedFiles()).toEqual(before);
    expect((await api(server, 'GET', '/api/media', { cookie })).body.data).toEqual([]);
    expect((await api(server, 'GET', '/api/projects')).body.data).toEqual([]);
    // The server still answers.
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
  });
});

describe('a connection that drops mid-upload', () => {
  it('is refused quietly, with no error of ours logged, and stores nothing', async () => {
    const before = await uploadedFiles();
    const image = await makeImage(600, 400, 'jpeg');
    const body = `--b\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const logged = server.output().length;
    const { hostname, port } = new URL(server.url);
    const request = http.request({
      host: hostname,
      port,
      path: '/api/media/upload',
      method: 'POST',
      headers: {
        cookie,
        origin: server.url,
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(body.length + image.length + 8),
      },
    });
    request.on('error', () => {});
    request.write(body);
    request.write(image.subarray(0, image.length / 2));
    // The half that went up reaches the parser before the connection drops.
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.destroy();
    await expect.poll(() => server.output().slice(logged)).toMatch(/"method":"POST","path":"\/api\/media\/upload"/);
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
    expect(server.output().slice(logged)).not.toMatch(/failed:|^\s+at /m);
    expect(await uploadedFiles()).toEqual(before);
  });
});

describe('upload names', () => {
  it.each(['../../evil.jpg', '..\\..\\evil.jpg', 'a%2f..%2fevil.jpg', 'nul\u0000evil.jpg', '.hidden.jpg'])(
    'a file sent as %j is stored under a server-made name inside uploads',
    async (name) => {
      const image = await makeImage(40, 30, 'jpeg');
      const response = await api(server, 'POST', '/api/media/upload', {
        cookie,
        form: form({}, { images: [{ data: imageBlob(image), name }] }),
      });
      if (name.includes('\u0000')) {
        // A raw NUL in the part header makes the body unreadable: refused, nothing written.
        expect(response).toMatchObject({ status: 400, body: { error: MESSAGES.invalidForm } });
        expect((await uploadedFiles()).filter((file) => !file.startsWith('.'))).toEqual([]);
        return;
      }
      expect(response.status).toBe(201);
      const item = response.body.items[0];
      expect(item.name).not.toMatch(/[\\/]/);
      expect(item.url).toMatch(SERVER_MADE);
      for (const file of await uploadedFiles()) expect(file).toMatch(SERVER_MADE);
      // Nothing beside DATA_DIR or in it but the database, its key and uploads/ (none with the images in a bucket).
      const outside = fs
        .readdirSync(server.dataDir)
        .filter((entry) => !/^(studio\.sqlite(-wal|-shm)?|secret\.key)$/.test(entry));
      expect(outside).toEqual(onS3 ? [] : ['uploads']);
      for (const candidate of ['evil.jpg', '..\\..\\evil.jpg'])
        expect(fs.existsSync(path.join(server.dataDir, '..', candidate))).toBe(false);
      await api(server, 'DELETE', `/api/media/${item.id}`, { cookie });
      await api(server, 'DELETE', `/api/trash/media/${item.id}`, { cookie });
    },
  );
});

describe('/uploads', () => {
  it.each([
    '/uploads/../studio.sqlite',
    '/uploads/../data/studio.sqlite',
    '/uploads/..%2fstudio.sqlite',
    '/uploads/%2e%2e/studio.sqlite',
    '/uploads/%2E%2E%2Fstudio.sqlite',
    '/uploads/..%5cstudio.sqlite',
    '/uploads/..%255cstudio.sqlite',
    '/uploads/foo%00.jpg',
    '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/uploads/.tmp-0123456789ab',
    '/uploads/misc/.tmp-0123456789ab',
  ])('%s answers 404 and nothing from outside uploads', async (rawPath) => {
    await plantFile(server, '.tmp-0123456789ab', 'partial');
    await plantFile(server, 'misc/.tmp-0123456789ab', 'partial');
    const response = await rawGet(rawPath);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain('SQLite format');
    expect(response.body).not.toContain('partial');
    expect(response.body).not.toContain('root:');
  });

  it('serves only the files the server made, never one put there by other means', async () => {
    await plantFile(server, 'notes.html', '<script>alert(1)</script>');
    await plantFile(server, 'media/notes.html', '<script>alert(1)</script>');
    // Even under an image's name pattern but another extension, or a made-up name with an image extension.
    await plantFile(server, 'media/mhx1-0123456789abcdef.svg', '<svg/>');
    await plantFile(server, 'media/photo.jpg', 'not really');
    for (const file of ['notes.html', 'media/notes.html', 'media/mhx1-0123456789abcdef.svg', 'media/photo.jpg']) {
      const response = await rawGet(`/uploads/${file}`);
      expect(response.status, file).toBe(404);
      expect(response.body).not.toContain('alert');
    }
  });

  // Issue 34, item 4: these went to the error handler as http-errors and came back 500 with a stack trace.
  it('answers an unsatisfiable range 416 and failed preconditions 412, kept in memory or not, without a stack', async () => {
    const logged = server.output().length;
    const response = await api(server, 'POST', '/api/media/upload', {
      cookie,
      form: form(
        {},
        {
          images: [
            { data: imageBlob(await makeImage(50, 40, 'png'), 'image/png'), name: 'small.png' },
            { data: imageBlob(await makeNoisyImage(1200, 800)), name: 'large.jpg' },
          ],
        },
      ),
    });
    expect(response.status).toBe(201);
    const files: [string, number][] = response.body.items.map((item: { url: string; size: number }) => [
      item.url,
      item.size,
    ]);
    const [small, large] = files;
    expect(small![1]).toBeLessThanOrEqual(UPLOAD_MEMORY.maxFileBytes);
    expect(large![1]).toBeGreaterThan(UPLOAD_MEMORY.maxFileBytes);
    for (const [name, size] of files) {
      const url = `/uploads/${name}`;
      const whole = await rawGet(url);
      expect(whole.status, name).toBe(200);
      const asked = (headers: Record<string, string>) => rawRequest(server, url, { headers });

      const beyond = await asked({ range: 'bytes=99999999-' });
      if (onS3) {
        // The bucket's answers offer no ranges (no Accept-Ranges), so a Range is ignored.
        expect([beyond.status, beyond.body.length], name).toEqual([200, size]);
      } else {
        expect(beyond.status, name).toBe(416);
        expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
        expect(beyond.body).toBe(MESSAGES.rangeNotSatisfiable);
        expect((await asked({ range: 'bytes=0-9' })).status).toBe(206);
      }
      const failingPreconditions: Record<string, string>[] = [
        { 'if-match': '"nope"' },
        { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
      ];
      for (const failing of failingPreconditions) {
        const refused = await asked(failing);
        expect(refused.status, `${name} ${JSON.stringify(failing)}`).toBe(412);
        expect(refused.body).toBe(MESSAGES.preconditionFailed);
      }
      const holdingPreconditions: Record<string, string>[] = [
        { 'if-match': whole.headers.etag! },
        { 'if-match': '*' },
        { 'if-unmodified-since': new Date().toUTCString() },
      ];
      for (const holding of holdingPreconditions) {
        expect((await asked(holding)).status, `${name} ${JSON.stringify(holding)}`).toBe(200);
      }
    }
    for (const item of response.body.items) await api(server, 'DELETE', `/api/media/${item.id}`, { cookie });
    expect(server.output().slice(logged)).not.toMatch(/failed:|^\s+at /m);
  });

  it('serves a real upload with its true type, nosniff and a year of immutable cache', async () => {
    const png = await makeImage(50, 40, 'png');
    const response = await api(server, 'POST', '/api/media/upload', {
      cookie,
      form: form({}, { images: [{ data: imageBlob(png, 'image/png'), name: 'p.png' }] }),
    });
    expect(response.status).toBe(201);
    const served = await rawGet(`/uploads/${response.body.items[0].url}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/public/);
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
  });
});
