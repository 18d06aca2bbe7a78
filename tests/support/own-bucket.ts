import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { bucketOn, type S3rverProcess, spawnS3rver, type TestBucket } from './test-media';
import { freePort } from './test-server';

/**
 * A bucket whose outages a test file drives: an s3rver of the file's own, on a port kept for its return, with a
 * TCP proxy in front that the server goes through (`throughProxy`), so the test can also slow, watch or cut the
 * conversation.
 */
export interface OwnBucket {
  /** The bucket, reached directly (for the test's own checks). */
  bucket: TestBucket;
  /** The same bucket, its `env` pointing a server through the proxy. */
  throughProxy: TestBucket;
  proxy: TcpProxy;
  /** Ends s3rver with SIGKILL, as a crash would, and waits until it is gone; its folder stays. */
  kill: () => Promise<void>;
  /** Starts s3rver again on the same port and folder: the same bucket come back. */
  restart: () => Promise<void>;
  /** Ends the proxy and s3rver, and removes the folder. */
  close: () => Promise<void>;
}

export async function startOwnBucket(): Promise<OwnBucket> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-own-bucket-'));
  const port = await freePort();
  let s3rver: S3rverProcess = await spawnS3rver(folder, port);
  const bucket = await bucketOn(s3rver.endpoint);
  const proxy = await startTcpProxy(port);
  return {
    bucket,
    throughProxy: { ...bucket, env: { ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` } },
    proxy,
    kill: () => s3rver.kill(),
    restart: async () => {
      s3rver = await spawnS3rver(folder, port);
    },
    close: async () => {
      await proxy.close();
      await s3rver.kill();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
