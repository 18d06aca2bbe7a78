import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MEMORY } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { readConfig } from '../../server/config';
import { type Db, openDatabase } from '../../server/db/database';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import { parseVariants } from '../../server/services/media/images';
import { removeUnreferencedImageFiles } from '../../server/services/media/media';
import { S3_REQUEST_TIMEOUT_MS, S3_SWEEP_MIN_AGE_MS, S3Storage } from '../../server/storage/s3-storage';
import { STORAGE_PROBE_INTERVAL_MS } from '../../server/storage/storage-reachability';
import { api, form } from '../support/api-client';
import { adminOf, createProject, jpeg, type UploadFile } from '../support/factories';
import { type OwnBucket, startOwnBucket } from '../support/own-bucket';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 26: the bucket goes away. The server stores its images on an s3rver of this file's own, through a TCP proxy
 * the test drives; s3rver is killed (SIGKILL) in the middle of an upload, between one image file and the next, and
 * started again later on the same port and folder. The upload answers 503 in words within 2 s; no media row points
 * at a missing object and no orphan object outlives the sweep; cached pages keep answering, and so do the small images kept in
 * memory; an image never read answers a clean 503; and the first upload after the bucket's return succeeds. A bucket
 * that accepts connections and never answers holds the request that finds it so for the client's timeouts; while it
 * is known down, the next ones are refused at once and only the probe asks it. Runs on SQLite, in the `sqlite` project.
 */

/** Public pages the page cache holds before the outage. */
const CACHED_PAGES = ['/', '/about', '/contact', '/design', '/blog'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let own: OwnBucket;
let server: TestServer;
let cookie: string;
let photo: UploadFile;

beforeAll(async () => {
  own = await startOwnBucket();
  server = await startTestServer(own.throughProxy.env);
  cookie = await server.login();
  // 1000 px wide: the image and six variants, seven PUTs an upload.
  photo = await jpeg('a.jpg', 1000, 700);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await own?.close();
});

function upload(): Promise<{ status: number; body: unknown; headers: Headers; ms: number }> {
  const started = performance.now();
  return api(server, 'POST', '/api/media/upload', { cookie, form: form({}, { images: [photo] }) }).then((answer) => ({
    ...answer,
    ms: performance.now() - started,
  }));
}

/** An image asked of the server, with the time its answer took. */
async function image(name: string): Promise<{ status: number; text: string; retryAfter: string | null; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/uploads/${name}`);
  const text = await response.text();
  return {
    status: response.status,
    text,
    retryAfter: response.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

/** Every name a media row points at, and every object in the bucket. */
async function referencedAndStored(
  db: Db,
  storage: S3Storage,
): Promise<{ rows: number; referenced: string[]; stored: string[] }> {
  const rows = await db.selectFrom('mediaItems').select(['path', 'variants']).execute();
  const referenced = rows.flatMap((row) => [row.path, ...parseVariants(row.variants).map((variant) => variant.path)]);
  const stored = (await storage.list()).map((entry) => entry.name);
  return { rows: rows.length, referenced, stored };
}

describe('the bucket going away', () => {
  it('refuses an upload cut midway with 503, keeps pages and answers cleanly, and recovers with no orphan left', async () => {
    const project = await createProject(adminOf(server, cookie), { title: 'Dochula house' }, [photo]);
    const doomed = await createProject(adminOf(server, cookie), { title: 'Haa house' }, [photo]);
    const pages = [...CACHED_PAGES, `/project/${project.id}`];
    for (const page of pages) expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
    // Read once before the outage: the small ones are then kept in memory (decision 023) and answered from there.
    const read = new Map<string, Buffer>();
    for (const name of [project.image, ...project.imageDetails[0]!.variants.map((variant) => variant.path)]) {
      const response = await fetch(`${server.url}/uploads/${name}`);
      expect(response.status, name).toBe(200);
      read.set(name, Buffer.from(await response.arrayBuffer()));
    }
    const kept = [...read].filter(([, bytes]) => bytes.length <= UPLOAD_MEMORY.maxFileBytes);
    expect(kept.length).toBeGreaterThan(0);

    // The bucket stops when the upload's second file starts on its way: the first is stored, the rest never.
    let puts = 0;
    let cutAt = 0;
    let stopped: Promise<void> | undefined;
    own.proxy.watch((chunk) => {
      // The SDK's retries of the cut PUT are not counted.
      if (cutAt || chunk.subarray(0, 4).toString('latin1') !== 'PUT ') return;
      puts += 1;
      if (puts !== 2) return;
      cutAt = performance.now();
      own.proxy.cut();
      // Connections to the proxy reach the dead port once s3rver is gone: refused, as a stopped bucket's are.
      stopped = own.kill().then(() => own.proxy.restore());
    });
    const cutUpload = await upload();
    own.proxy.watch(undefined);
    await stopped;
    const answeredAfterCutMs = performance.now() - cutAt;

    expect(puts).toBe(2);
    expect(cutUpload.status).toBe(503);
    expect(cutUpload.body).toEqual({ error: MESSAGES.imageStoreUnavailableNotSaved });
    expect(cutUpload.headers.get('retry-after')).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    // Answered without waiting out a request timeout: the refused connection is taken for the outage it is.
    expect(answeredAfterCutMs).toBeLessThan(S3_REQUEST_TIMEOUT_MS);

    // While the bucket is down: pages from the page cache, images refused in words, a delete, another upload.
    const during = { pages: 0, pagesOk: 0, images: [] as string[], slowestImageMs: 0 };
    for (let round = 0; round < 5; round += 1) {
      for (const page of pages) {
        const response = await fetch(`${server.url}${page}`);
        during.pages += 1;
        if (response.status === 200) during.pagesOk += 1;
      }
    }
    // The images read before keep answering from memory; one never read is refused in words.
    for (const [name, bytes] of kept) {
      const response = await fetch(`${server.url}/uploads/${name}`);
      expect(response.status, name).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
    during.images.push(`${kept.length} × 200 (kept in memory)`);
    for (const name of [doomed.image, doomed.imageDetails[0]!.variants[0]!.path]) {
      const started = performance.now();
      const response = await fetch(`${server.url}/uploads/${name}`);
      const text = await response.text();
      during.slowestImageMs = Math.max(during.slowestImageMs, performance.now() - started);
      during.images.push(`${response.status} "${text}"`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(text).toBe(MESSAGES.imagesUnavailable);
    }
    // Deleted forever, the row goes; its objects stay for the sweep.
    expect((await api(server, 'DELETE', `/api/projects/${doomed.id}`, { cookie })).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/trash/project/${doomed.id}`, { cookie })).status).toBe(200);
    const downUpload = await upload();
    // The bucket is known down: refused before the image is even encoded.
    expect(downUpload.status).toBe(503);
    expect(downUpload.ms).toBeLessThan(S3_REQUEST_TIMEOUT_MS);
    // The process serves, and says which part is down (decision 027).
    expect(await api(server, 'GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'degraded', mediaStorage: 'unavailable' },
    });
    expect(during.pagesOk).toBe(during.pages);
    expect(during.slowestImageMs).toBeLessThan(S3_REQUEST_TIMEOUT_MS);

    // The bucket comes back on the same port and folder; the next upload is stored.
    await own.restart();
    const backAt = performance.now();
    let recovered: Awaited<ReturnType<typeof upload>> | undefined;
    let tries = 0;
    while (performance.now() - backAt < 20_000) {
      tries += 1;
      const attempt = await upload();
      if (attempt.status === 201) {
        recovered = attempt;
        break;
      }
      await sleep(100);
    }
    // Includes the successful upload's own time (decoding and encoding seven files, seven PUTs).
    const recoveryMs = performance.now() - backAt;
    expect(recovered?.status).toBe(201);
    expect((await api(server, 'GET', '/api/health')).body).toEqual({ status: 'ok' });

    const db = openDatabase(readConfig({ DATA_DIR: server.dataDir }));
    const storage = new S3Storage(own.bucket.settings);
    try {
      const before = await referencedAndStored(db, storage);
      const missing = before.referenced.filter((name) => !before.stored.includes(name));
      const orphans = before.stored.filter((name) => !before.referenced.includes(name));
      expect(missing).toEqual([]);
      // The cut upload's first file, and the deleted project's seven.
      expect(orphans).toHaveLength(8);
      // The sweep of a start-up an hour later (objects younger than that may be another instance's upload).
      const later = new Date(Date.now() + S3_SWEEP_MIN_AGE_MS + 60_000);
      const swept = await removeUnreferencedImageFiles(db, storage, later);
      const after = await referencedAndStored(db, storage);
      expect(swept).toBe(orphans.length);
      expect(after.stored.filter((name) => !after.referenced.includes(name))).toEqual([]);
      expect(after.referenced.filter((name) => !after.stored.includes(name))).toEqual([]);

      console.log(
        `Bucket stopped mid-upload (s3rver killed at the upload's PUT 2 of 7): the upload answered ` +
          `${cutUpload.status} ${Math.round(answeredAfterCutMs)} ms after the cut; while it was down ` +
          `${during.pagesOk} of ${during.pages} cached page requests answered 200, images answered ` +
          `${during.images.join(', ')} (the slowest in ${Math.round(during.slowestImageMs)} ms), another upload ` +
          `${downUpload.status} in ${Math.round(downUpload.ms)} ms; back on the same port and folder, upload try ` +
          `${tries} succeeded ${Math.round(recoveryMs)} ms after s3rver listened (that upload took ` +
          `${Math.round(recovered!.ms)} ms); ${before.referenced.length} files of ${before.rows} media rows all ` +
          `present, ${orphans.length} orphans, ${swept} removed by the sweep, 0 left`,
      );
    } finally {
      storage.close();
      await db.destroy();
    }
    // One line per refusal, no stack trace.
    expect(server.output()).toContain('request failed: image store unavailable');
    expect(server.output()).toContain('image files left for the start-up sweep');
    expect(server.output()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('bounds the request that finds a hung bucket, refuses the next ones at once, and goes on once it answers', async () => {
    // Stored before the hang and read only during it, so each image below is asked of the bucket; one is read now
    // and kept in memory (decision 023).
    const project = await createProject(adminOf(server, cookie), { title: 'Bumthang house' }, [photo]);
    const [first, second, third, kept] = project.imageDetails[0]!.variants.map((variant) => variant.path);
    const keptBytes = Buffer.from(await (await fetch(`${server.url}/uploads/${kept}`)).arrayBuffer());
    expect(keptBytes.length).toBeLessThanOrEqual(UPLOAD_MEMORY.maxFileBytes);

    // Every request the server sends the bucket, by its request line: a probe lists one key.
    const sent = { probes: 0, others: [] as string[] };
    own.proxy.watch((chunk) => {
      const line = chunk.subarray(0, chunk.indexOf('\r\n')).toString('latin1');
      const [method, target] = line.split(' ');
      if (!method || !target || !/^(GET|PUT|POST|HEAD|DELETE)$/.test(method)) return;
      const query = new URL(target, 'http://bucket').searchParams;
      if (method === 'GET' && query.get('list-type') === '2' && query.get('max-keys') === '1') sent.probes += 1;
      else sent.others.push(line);
    });
    own.proxy.hang();
    try {
      // The first requests wait out the client's timeouts: nothing tells them yet that the bucket hangs.
      const [found, foundUpload] = await Promise.all([image(first!), upload()]);
      expect(found).toMatchObject({ status: 503, text: MESSAGES.imagesUnavailable });
      expect(foundUpload).toMatchObject({ status: 503, body: { error: MESSAGES.imageStoreUnavailableNotSaved } });
      // Three attempts of the request timeout, with the SDK's back-off between them.
      for (const ms of [found.ms, foundUpload.ms]) expect(ms).toBeLessThan(3 * S3_REQUEST_TIMEOUT_MS + 5000);

      // Known down now: refused at once, in the same words, without a request; kept images still answer.
      sent.probes = 0;
      sent.others = [];
      const next = await image(second!);
      const nextUpload = await upload();
      const fromMemory = await fetch(`${server.url}/uploads/${kept}`);
      expect(fromMemory.status).toBe(200);
      expect(Buffer.from(await fromMemory.arrayBuffer()).equals(keptBytes)).toBe(true);
      expect(next).toMatchObject({
        status: 503,
        text: MESSAGES.imagesUnavailable,
        retryAfter: String(STORAGE_RETRY_AFTER_SECONDS),
      });
      expect(nextUpload).toMatchObject({ status: 503, body: { error: MESSAGES.imageStoreUnavailableNotSaved } });
      // Without a request to the bucket (sent.others, below), so without waiting out a request timeout.
      for (const ms of [next.ms, nextUpload.ms]) expect(ms).toBeLessThan(S3_REQUEST_TIMEOUT_MS);
      // Until a probe has gone out: it, and nothing else, asks the bucket meanwhile.
      const waitFrom = performance.now();
      while (sent.probes === 0 && performance.now() - waitFrom < 2 * STORAGE_PROBE_INTERVAL_MS) await sleep(100);
      const refusedAgain = await image(second!);
      expect(refusedAgain.status).toBe(503);
      expect(sent.probes).toBeGreaterThan(0);
      expect(sent.others).toEqual([]);
      const during = { probes: sent.probes, others: sent.others.length, waitedMs: performance.now() - waitFrom };

      // The bucket answers again: the next probe lets reads and writes through.
      own.proxy.restore();
      const backAt = performance.now();
      let back = await image(third!);
      while (back.status !== 200 && performance.now() - backAt < 3 * STORAGE_PROBE_INTERVAL_MS) {
        await sleep(100);
        back = await image(third!);
      }
      const backMs = performance.now() - backAt;
      expect(back.status).toBe(200);
      const afterUpload = await upload();
      expect(afterUpload.status).toBe(201);
      expect(server.output()).toContain('NotSent: no answer for');
      console.log(
        `Bucket hung (accepts, never answers): the first image answered ${found.status} in ` +
          `${Math.round(found.ms)} ms and the upload beside it ${foundUpload.status} in ${Math.round(foundUpload.ms)} ms ` +
          `(three tries of ${S3_REQUEST_TIMEOUT_MS} ms); then, known down, the next image ${next.status} in ` +
          `${Math.round(next.ms)} ms and an upload ${nextUpload.status} in ${Math.round(nextUpload.ms)} ms; ` +
          `${during.probes} probe(s) and ${during.others} other request(s) reached the bucket in ` +
          `${Math.round(during.waitedMs)} ms; healed, an image 200 ${Math.round(backMs)} ms later, then an upload ` +
          `${afterUpload.status} in ${Math.round(afterUpload.ms)} ms`,
      );
    } finally {
      own.proxy.watch(undefined);
      own.proxy.restore();
    }
  }, 90_000);
});
