import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DeleteBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../core/types';
import { readConfig } from '../../server/config';
import { type Db, migrateToLatest, openDatabase } from '../../server/db/database';
import { removeUnreferencedImageFiles } from '../../server/services/media/media';
import { S3_SWEEP_MIN_AGE_MS, S3Storage } from '../../server/storage/s3-storage';
import { api } from '../support/api-client';
import { adminOf, createProject, jpeg } from '../support/factories';
import { storedFiles, testBucket, type TestBucket } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 6, object storage: MEDIA_STORAGE=s3 against s3rver (a real S3-protocol
 * server, on a free loopback port). Runs in every `vitest run`, on disk or not.
 */

let bucket: TestBucket;
let first: TestServer;
let second: TestServer;
let cookie: string;

/** A project on the first instance, with one photo large enough for both variant sizes. */
async function createBucketProject(): Promise<Project> {
  return createProject(adminOf(first, cookie), { title: 'Bucket house' }, [await jpeg('a.jpg', 1000, 700)]);
}

/** A GET with exactly these headers (fetch adds Cache-Control: no-cache to conditional requests). */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

function filesOf(project: Project): string[] {
  return project.imageDetails.flatMap((image) => [image.path, ...image.variants.map((variant) => variant.path)]);
}

beforeAll(async () => {
  bucket = await testBucket();
  first = await startTestServer({}, undefined, { bucket });
  // A second instance on the same data and the same bucket: the site as several stateless processes.
  second = await startTestServer({}, first.dataDir, { bucket });
  cookie = await first.login();
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

describe('images in an S3 bucket', () => {
  it('stores every file as an object with its type and a year of immutable cache, nothing on disk', async () => {
    const project = await createBucketProject();
    const files = filesOf(project);
    // The image and its WebP and AVIF variants at three widths.
    expect(files).toHaveLength(7);
    for (const name of files) {
      const head = await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: name }));
      expect(head.ContentType, name).toBe(
        name.endsWith('.jpg') ? 'image/jpeg' : `image/${path.extname(name).slice(1)}`,
      );
      expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    }
    expect(fs.existsSync(path.join(first.dataDir, 'uploads'))).toBe(false);
  });

  it('streams them from /uploads on any instance, with ETag, 304 and HEAD', async () => {
    const project = await createBucketProject();
    const head = await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: project.image }));
    const response = await fetch(`${second.url}/uploads/${project.image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(head.ContentLength);
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(head.ETag);

    expect(await rawGet(`${second.url}/uploads/${project.image}`, { 'if-none-match': etag })).toBe(304);
    const headOnly = await fetch(`${first.url}/uploads/${project.image}`, { method: 'HEAD' });
    expect(headOnly.status).toBe(200);
    expect(headOnly.headers.get('content-length')).toBe(String(head.ContentLength));

    const missing = await fetch(`${first.url}/uploads/project/zzzz-0123456789abcdef.jpg`);
    expect(missing.status).toBe(404);
  });

  it('removes the objects of a project deleted from the Trash from the bucket', async () => {
    const project = await createBucketProject();
    const files = filesOf(project);
    expect(await storedFiles(first)).toEqual(expect.arrayContaining(files));
    expect((await api(second, 'DELETE', `/api/projects/${project.id}`, { cookie })).status).toBe(200);
    expect((await api(second, 'DELETE', `/api/trash/project/${project.id}`, { cookie })).status).toBe(200);
    const left = await storedFiles(first);
    for (const name of files) expect(left).not.toContain(name);
    expect((await fetch(`${first.url}/uploads/${project.image}`)).status).toBe(404);
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('redirects /uploads/<name> to the public bucket URL for good, and still serves only server-made names', async () => {
    const server = await startTestServer({ MEDIA_PUBLIC_URL: 'https://media.example.test/studio/' }, undefined, {
      bucket: await testBucket(),
    });
    try {
      const name = 'project/mhx1abc-0123456789abcdef-800.webp';
      const response = await fetch(`${server.url}/uploads/${name}`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(`https://media.example.test/studio/${name}`);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const head = await fetch(`${server.url}/uploads/${name}`, { method: 'HEAD', redirect: 'manual' });
      expect(head.status).toBe(301);
      for (const probe of ['/uploads/notes.html', '/uploads/..%2fstudio.sqlite', '/uploads/project/.tmp-0123']) {
        expect((await fetch(`${server.url}${probe}`, { redirect: 'manual' })).status, probe).toBe(404);
      }
    } finally {
      await server.stop();
    }
  });
});

describe('a bucket that fails', () => {
  it('answers 503 without details, and logs the error', async () => {
    const broken = await testBucket();
    const server = await startTestServer({}, undefined, { bucket: broken });
    try {
      await broken.client.send(new DeleteBucketCommand({ Bucket: broken.bucket }));
      const response = await fetch(`${server.url}/uploads/project/mhx1abc-0123456789abcdef.jpg`);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).not.toMatch(/bucket|S3|NoSuch/i);
      expect(server.output()).toContain('NoSuchBucket');
    } finally {
      await server.stop();
    }
  });
});

describe('the start-up sweep on a shared bucket', () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-sweep-'));
    db = openDatabase(readConfig({ DATA_DIR: dataDir }));
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes only unreferenced objects older than an hour, and only pipeline names', async () => {
    // Two keys a page, so the listing follows continuation tokens.
    const storage = new S3Storage((await testBucket()).settings, { listPageSize: 2 });
    try {
      const referenced = 'project/mhx1abc-0123456789abcdef.jpg';
      const orphan = 'project/mhx1abd-0123456789abcdef.jpg';
      const orphanVariant = 'project/mhx1abd-0123456789abcdef-400.avif';
      const foreign = 'project/notes.txt';
      for (const name of [referenced, orphan, orphanVariant, foreign]) {
        await storage.put(name, Buffer.from('x'), 'image/jpeg');
      }
      await db
        .insertInto('mediaItems')
        .values({
          name: 'a.jpg',
          path: referenced,
          mime: 'image/jpeg',
          bytes: 1,
          width: 1,
          height: 1,
          variants: '[]',
          purpose: 'project',
          createdAt: new Date().toISOString(),
        })
        .execute();
      const names = async () => (await storage.list()).map((entry) => entry.name).sort();

      // Just written: another instance may be about to commit the row that names them.
      expect(await removeUnreferencedImageFiles(db, storage)).toBe(0);
      expect(await names()).toEqual([orphanVariant, referenced, orphan, foreign].sort());

      const later = new Date(Date.now() + S3_SWEEP_MIN_AGE_MS + 60_000);
      expect(await removeUnreferencedImageFiles(db, storage, later)).toBe(2);
      expect(await names()).toEqual([referenced, foreign].sort());
    } finally {
      storage.close();
    }
  });
});
