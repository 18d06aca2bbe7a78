import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../core/types';
import { api, form } from '../support/api-client';
import { PROJECT_DEFAULTS } from '../support/factories';
import { imageBlob, makeNoisyImage } from '../support/images';
import { logLines } from '../support/log-lines';
import { storedFiles } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 35, item 1: the dashboard's Cancel aborts an upload, and the server stores nothing of it, whether the body
 * was cut short or its last byte had arrived and the client went away before the answer (a Cancel just then, or a
 * dropped connection: either way the browser says nothing was saved).
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.login();
});
afterAll(() => server?.stop());

/**
 * A new project's multipart body, with a photograph's worth of bytes: storing it (three widths, two formats) takes
 * the server far longer than the closed connection takes to reach it.
 */
async function projectBody(title: string): Promise<{ body: Buffer; type: string }> {
  const photo = { data: imageBlob(await makeNoisyImage(1200, 800)), name: 'site.jpg' };
  const request = new Request('http://localhost/', {
    method: 'POST',
    body: form({ ...PROJECT_DEFAULTS, title }, { images: [photo] }),
  });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** Posts `length` bytes of the body to /api/projects, then closes the connection without waiting for an answer. */
function postThenLeave({ body, type }: { body: Buffer; type: string }, length: number): Promise<void> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const request = http.request({
      host: hostname,
      port,
      path: '/api/projects',
      method: 'POST',
      headers: { cookie, origin: server.origin, 'content-type': type, 'content-length': String(body.length) },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(body.subarray(0, length), () => request.destroy());
  });
}

/** Whether the server has logged a line `msg` about POST /api/projects. */
function logged(msg: string): boolean {
  return logLines(server).some((line) => line.msg === msg && line.method === 'POST' && line.path === '/api/projects');
}

/** How long the images may take a busy machine to store. */
const STORING_MS = 80_000;

async function projectTitles(): Promise<string[]> {
  const { body } = await api<{ data: Project[] }>(server, 'GET', '/api/projects', { cookie });
  return body.data.map((project) => project.title);
}

describe('an upload whose client goes away', () => {
  it('stores nothing when the body was cut short', async () => {
    const before = await storedFiles(server);
    const upload = await projectBody('Cut short');
    await postThenLeave(upload, Math.floor(upload.body.length / 2));
    // Written when the connection closed; without the whole body, no handler runs at all.
    await expect.poll(() => logged('request')).toBe(true);
    expect(await projectTitles()).not.toContain('Cut short');
    expect(await storedFiles(server)).toEqual(before);
  });

  it(
    'stores nothing, and rolls back, when the whole body arrived but the client left before the answer',
    { timeout: STORING_MS + 10_000 },
    async () => {
      const before = await storedFiles(server);
      const upload = await projectBody('Left before the answer');
      await postThenLeave(upload, upload.body.length);
      // The images were processed, then the write was refused before it committed (or, without the check, committed).
      const rolledBack = () => logged('write rolled back: the client went away');
      const settled = async () => rolledBack() || (await projectTitles()).includes('Left before the answer');
      await expect.poll(settled, { timeout: STORING_MS, interval: 250 }).toBe(true);
      expect(rolledBack()).toBe(true);
      expect(await projectTitles()).not.toContain('Left before the answer');
      expect(await storedFiles(server)).toEqual(before);
    },
  );
});
