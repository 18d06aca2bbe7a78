import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../server/config';
import { DiskStorage } from '../../server/storage/disk-storage';
import type { MediaStorage } from '../../server/storage/media-storage';
import { S3Storage } from '../../server/storage/s3-storage';

/**
 * The media tests run once on disk and once against a real S3-protocol server
 * (TEST_MEDIA_STORAGE=s3, the `s3` project of vitest.config.ts): s3rver from
 * npm, in a child process on a free loopback port, storing in a temporary
 * folder. One s3rver per test file (process), one bucket per server data
 * folder, so a restart on the same folder finds its images again and parallel
 * files never meet.
 */
export const onS3 = process.env.TEST_MEDIA_STORAGE === 's3';

/** s3rver's fixed credentials. */
const S3RVER_KEY = 'S3RVER';

export interface TestBucket {
  bucket: string;
  endpoint: string;
  /** The environment a server needs to store its images in this bucket. */
  env: Record<string, string>;
  settings: S3Settings;
  client: S3Client;
}

/** An s3rver process of the tests (tests/support/s3rver-process.js). */
export interface S3rverProcess {
  endpoint: string;
  port: number;
  /** Ends it with SIGKILL, as a crash would, and waits until it is gone; its folder stays. */
  kill: () => Promise<void>;
  /** Stops it and removes its folder. */
  stop: () => Promise<void>;
}

/**
 * Starts s3rver on `directory`, on `port` or a free loopback port. It keeps no test process alive, and ends with
 * the test process however that ends.
 */
export function spawnS3rver(directory: string, port = 0): Promise<S3rverProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.js'), directory, String(port)],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(output);
      if (!line) return;
      clearTimeout(timer);
      resolve({
        endpoint: `http://127.0.0.1:${line[1]}`,
        port: Number(line[1]),
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
        stop: async () => {
          child.stdin!.end();
          await exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${output}`));
    });
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.();
    process.once('exit', () => child.kill());
  });
}

let running: Promise<S3rverProcess> | undefined;

/** This process's shared s3rver, started once on a free port; it ends with the process, and its folder with it. */
function startS3rver(): Promise<S3rverProcess> {
  if (!running) {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-s3rver-'));
    process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
    running = spawnS3rver(directory);
  }
  return running;
}

function clientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A bucket on this process's s3rver, made if new; the same key gives the same bucket. */
export async function testBucket(key: string = randomUUID()): Promise<TestBucket> {
  return bucketOn((await startS3rver()).endpoint, key);
}

/** A bucket on the s3rver at `endpoint`, made if new; the same key gives the same bucket. */
export async function bucketOn(endpoint: string, key: string = randomUUID()): Promise<TestBucket> {
  const bucket = `studio-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
  const settings: S3Settings = {
    bucket,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    publicUrl: undefined,
  };
  const client = clientFor(settings);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if ((error as Error).name !== 'BucketAlreadyExists' && (error as Error).name !== 'BucketAlreadyOwnedByYou')
      throw error;
  }
  return {
    bucket,
    endpoint,
    settings,
    client,
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
  };
}

/** The storage a test server uses, opened from the test: DATA_DIR/uploads or its bucket. */
export function storageOf(server: { dataDir: string; bucket?: TestBucket }): MediaStorage {
  return server.bucket ? new S3Storage(server.bucket.settings) : new DiskStorage(path.join(server.dataDir, 'uploads'));
}

/** The names stored for a test server, sorted. */
export async function storedFiles(server: { dataDir: string; bucket?: TestBucket }): Promise<string[]> {
  const storage = storageOf(server);
  try {
    return (await storage.list()).map((entry) => entry.name).sort();
  } finally {
    storage.close();
  }
}

export async function isStored(server: { dataDir: string; bucket?: TestBucket }, name: string): Promise<boolean> {
  return (await storedFiles(server)).includes(name);
}

/**
 * Puts a file into a test server's storage by other means than the server
 * (a stray or hostile file): written into DATA_DIR/uploads, or put into the bucket.
 */
export async function plantFile(
  server: { dataDir: string; bucket?: TestBucket },
  name: string,
  content: string | Buffer,
  contentType = 'text/html',
): Promise<void> {
  if (server.bucket) {
    await server.bucket.client.send(
      new PutObjectCommand({ Bucket: server.bucket.bucket, Key: name, Body: content, ContentType: contentType }),
    );
    return;
  }
  const file = path.join(server.dataDir, 'uploads', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
