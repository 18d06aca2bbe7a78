import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import { STORAGE_PROBE_INTERVAL_MS } from '../../server/storage/storage-reachability';
import { api, form } from '../support/api-client';
import { adminOf, createProject, jpeg, type UploadFile } from '../support/factories';
import { type OwnBucket, startOwnBucket } from '../support/own-bucket';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Decision 027: the bucket does not answer when the server starts. The site was stored on an s3rver of this file's
 * own, which is then stopped (SIGKILL); the server starts on the same data folder all the same, its pages answer,
 * `/api/health` names the bucket, an image answers 503 in words, an upload is refused in words and the dashboard
 * says so on its pages. Then s3rver starts again on the same port and folder and everything works with no restart:
 * health ok, the image 200, an upload 201, and the start-up sweep the outage put off has run. Runs on SQLite, in
 * the `sqlite` project, as the other bucket outage test does.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let own: OwnBucket;
let server: TestServer;
let photo: UploadFile;

beforeAll(async () => {
  own = await startOwnBucket();
  photo = await jpeg('a.jpg', 900, 600);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await own?.close();
});

function upload(cookie: string) {
  return api(server, 'POST', '/api/media/upload', { cookie, form: form({}, { images: [photo] }) });
}

describe('a bucket that does not answer at start', () => {
  it('starts the site degraded, and recovers without a restart once the bucket answers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bucket-down-data-'));
    server = await startTestServer({}, dataDir, { bucket: own.throughProxy });
    const before = await createProject(adminOf(server, await server.login()), { title: 'Paro house' }, [photo]);
    await server.stop();
    await own.kill();

    const started = performance.now();
    server = await startTestServer({}, dataDir, { bucket: own.throughProxy });
    const startMs = performance.now() - started;
    const cookie = await server.login();

    const pages = ['/', `/project/${before.id}`, '/about'];
    for (const page of pages) expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
    expect(await api(server, 'GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'degraded', mediaStorage: 'unavailable' },
    });
    const image = await fetch(`${server.url}/uploads/${before.image}`);
    expect(image.status).toBe(503);
    expect(image.headers.get('retry-after')).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    expect(await image.text()).toBe(MESSAGES.imagesUnavailable);
    const refused = await upload(cookie);
    expect(refused).toMatchObject({ status: 503, body: { error: MESSAGES.imageStoreUnavailableNotSaved } });
    const dashboard = await fetch(`${server.url}/dashboard`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(MESSAGES.imageStoreNotAnswering);

    await own.restart();
    const backAt = performance.now();
    let healthy = false;
    while (!healthy && performance.now() - backAt < STORAGE_PROBE_INTERVAL_MS * 3) {
      healthy = (await api(server, 'GET', '/api/health')).body.status === 'ok';
      if (!healthy) await sleep(100);
    }
    const healthyMs = performance.now() - backAt;
    expect(healthy).toBe(true);
    expect((await api(server, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
    const back = await fetch(`${server.url}/uploads/${before.image}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/jpeg');
    expect((await upload(cookie)).status).toBe(201);
    expect(await (await fetch(`${server.url}/dashboard`, { headers: { cookie } })).text()).not.toContain(
      MESSAGES.imageStoreNotAnswering,
    );

    // A monitor asking often costs the bucket one request in STORAGE_STATE_TTL_MS at most.
    let bucketRequests = 0;
    own.proxy.watch((chunk) => {
      if (/^(GET|PUT|POST|HEAD|DELETE) /.test(chunk.subarray(0, 7).toString('latin1'))) bucketRequests += 1;
    });
    const healthCalls = 50;
    for (let call = 0; call < healthCalls; call += 1) {
      expect((await api(server, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
    }
    const healthRequests = bucketRequests;
    // The count sees the bucket's requests: an image not read yet is one.
    expect((await fetch(`${server.url}/uploads/${before.imageDetails[0]!.variants[0]!.path}`)).status).toBe(200);
    own.proxy.watch(undefined);
    expect(healthRequests).toBeLessThanOrEqual(1);
    expect(bucketRequests).toBeGreaterThan(healthRequests);

    const log = server.output();
    expect(log).toContain(`The image store, the bucket "${own.bucket.bucket}", does not answer`);
    expect(log).toContain('Waiting for the image store to answer before removing the image files no record points at.');
    expect(log).toMatch(/"msg":"start-up work done once the image store answered","work":"removing the image files/);
    expect(log).toContain('"msg":"image store available again"');
    expect(log).not.toMatch(/^\s+at /m);
    console.log(
      `Bucket stopped before the start: the server started in ${Math.round(startMs)} ms (spawn to "Site ready"), ` +
        `${pages.length} pages 200, health degraded (mediaStorage), an image 503 in words, an upload 503; ` +
        `health ok ${Math.round(healthyMs)} ms after s3rver listened again, then the image 200 and an upload 201; ` +
        `${healthCalls} health calls made ${healthRequests} bucket request(s)`,
    );
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('still refuses to start on a bucket that answers it does not exist (the configuration)', async () => {
    const { bucket } = own;
    const missing = { ...bucket, env: { ...bucket.env, S3_BUCKET: `${bucket.bucket}-missing` } };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bucket-missing-'));
    try {
      await expect(startTestServer({}, dataDir, { bucket: missing, startTimeoutMs: 20_000 })).rejects.toThrow(
        /cannot list the bucket "[^"]+-missing" \(NoSuchBucket/,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
