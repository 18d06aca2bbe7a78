import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MEMORY } from '../../core/constants';
import type { Project } from '../../core/types';
import { api } from '../support/api-client';
import { type Admin, adminOf, createProject, jpeg } from '../support/factories';
import { makeImage } from '../support/images';
import { waitForLines } from '../support/log-lines';
import { onS3, storageOf } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 25: /uploads keeps small images in memory with their answers (decision 023). The same tests run on disk
 * and, in the s3 project, on a bucket.
 */

let server: TestServer;
let cookie: string;
let admin: Admin;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch adds Cache-Control: no-cache to conditional requests). */
function request(name: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${server.url}/uploads/${name}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** Every header but those of the connection and the moment. */
function answerHeaders(answer: Answer): http.IncomingHttpHeaders {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = answer.headers;
  return rest;
}

/** A project with one photo, whose 800 px AVIF is the kind of file pages ask for most. */
async function projectImage(): Promise<{ project: Project; name: string }> {
  const project = await createProject(admin, { title: 'Kept house' }, [await jpeg('a.jpg', 1000, 700)]);
  const variant = project.imageDetails[0]!.variants.find((item) => item.format === 'avif' && item.width === 800)!;
  return { project, name: variant.path };
}

async function moveClockPastRecheck(): Promise<void> {
  const moved = await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: UPLOAD_MEMORY.recheckMs } });
  expect(moved.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: '1', TRUST_PROXY: '1' });
  cookie = await server.login();
  admin = adminOf(server, cookie);
});
afterAll(() => server?.stop());

describe('sharp (decision 029)', () => {
  /** Whether the server process has libvips, which sharp brings, in its memory. */
  const libvipsLoaded = () => fs.readFileSync(`/proc/${server.pid}/maps`, 'utf8').includes('libvips');

  it('is loaded with the first image the server works on, not for answering visitors', async () => {
    for (const path of ['/', '/about', '/blog', '/api/projects'])
      expect((await fetch(server.url + path)).status).toBe(200);
    expect(libvipsLoaded()).toBe(false);
    await projectImage();
    expect(libvipsLoaded()).toBe(true);
  });
});

describe('/uploads from memory', () => {
  it('answers an image the second time from memory, with the headers and bytes of the first, 304 and HEAD', async () => {
    const { name } = await projectImage();
    // Through one proxy (TRUST_PROXY=1), which names the client.
    const proxied = { 'x-forwarded-for': '203.0.113.7' };
    const first = await request(name, proxied);
    const second = await request(name, proxied);
    expect(first.status).toBe(200);
    expect(answerHeaders(second)).toEqual(answerHeaders(first));
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.headers).toMatchObject({
      'content-type': 'image/avif',
      'content-length': String(first.body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    const lines = await waitForLines(
      server,
      (all) => all.filter((line) => line.path === `/uploads/${name}`).length >= 2,
    );
    expect(
      lines.filter((line) => line.path === `/uploads/${name}`).map((line) => [line.status, line.ip, line.cache]),
    ).toEqual([
      [200, '203.0.113.7', undefined],
      [200, '203.0.113.7', 'hit'],
    ]);

    const etag = first.headers.etag!;
    const lastModified = first.headers['last-modified']!;
    const conditionals: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }];
    for (const conditional of conditionals) {
      const notModified = await request(name, conditional);
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=31536000, immutable' });
      expect(notModified.headers['content-type']).toBeUndefined();
    }
    expect((await request(name, { 'if-none-match': '"another"' })).status).toBe(200);
    // A browser's reload asks past every cache: the whole image again.
    expect((await request(name, { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(200);

    const head = await request(name, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it.skipIf(onS3)('still answers a part of a file on disk (ranges)', async () => {
    const { name } = await projectImage();
    const whole = await request(name);
    await request(name);
    const part = await request(name, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
  });

  it('answers 404 right after the image is deleted forever', async () => {
    const { project, name } = await projectImage();
    expect((await request(name)).status).toBe(200);
    expect((await request(name)).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/projects/${project.id}`, { cookie })).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/trash/project/${project.id}`, { cookie })).status).toBe(200);
    expect((await request(name)).status).toBe(404);
    expect((await request(project.image)).status).toBe(404);
  });

  it('reads an image again once UPLOAD_MEMORY.recheckMs has passed, so another process’s change shows', async () => {
    const { name } = await projectImage();
    const first = await request(name);
    // Another process (another worker, another instance, a restore) replaces the file, then deletes it.
    const elsewhere = storageOf(server);
    try {
      const replacement = await makeImage(800, 560, 'avif');
      await elsewhere.put(name, replacement, 'image/avif');
      // Within the bound the copy read before still answers: that is the staleness decision 023 accepts.
      expect((await request(name)).body.equals(first.body)).toBe(true);
      await moveClockPastRecheck();
      const replaced = await request(name);
      expect(replaced.body.equals(replacement)).toBe(true);
      expect(replaced.headers['content-length']).toBe(String(replacement.length));
      expect(replaced.headers.etag).not.toBe(first.headers.etag);

      await elsewhere.delete([name]);
      await moveClockPastRecheck();
      expect((await request(name)).status).toBe(404);
    } finally {
      elsewhere.close();
    }
  });
});
