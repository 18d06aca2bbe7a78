import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import type { BackupOverview } from '../../core/types';
import { api } from './api-client';
import type { TestBucket } from './test-media';
import type { TestServer } from './test-server';

/** The Backups page's data, as the signed-in administrator reads it. */
export async function backupOverview(server: TestServer, cookie: string): Promise<BackupOverview> {
  const answer = await api<{ data: BackupOverview }>(server, 'GET', '/api/backups', { cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/**
 * Moves the server's clock (TEST_CLOCK=1) to `at` plus a minute, past a backup due then, and waits until the
 * overview says that attempt happened: the count of backups or of failures has changed.
 */
export async function moveClockPast(server: TestServer, cookie: string, at: string): Promise<BackupOverview> {
  const before = await backupOverview(server, cookie);
  const { body } = await api<{ data: { now: string } }>(server, 'PUT', '/api/test-clock', {
    cookie,
    json: { forwardMs: 0 },
  });
  const forwardMs = Math.max(0, Date.parse(at) + 60_000 - Date.parse(body.data.now));
  expect((await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs } })).status).toBe(200);
  const attempt = (overview: BackupOverview) =>
    `${overview.lastSuccessAt ?? ''} ${overview.lastFailure?.at ?? ''} ${overview.failedAttempts}`;
  await expect
    .poll(async () => attempt(await backupOverview(server, cookie)), { timeout: 30_000 })
    .not.toBe(attempt(before));
  return backupOverview(server, cookie);
}

/** The BACKUP_S3_ settings that copy the backups to a test bucket (its S3_ settings under the other prefix). */
export function backupBucketEnv(bucket: TestBucket): Record<string, string> {
  return Object.fromEntries(
    Object.entries(bucket.env)
      .filter(([name]) => name.startsWith('S3_'))
      .map(([name, value]) => [`BACKUP_${name}`, value]),
  );
}

/** The names of the objects in a test bucket, sorted. */
export async function bucketNames(bucket: TestBucket): Promise<string[]> {
  const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
  return (listed.Contents ?? []).map((item) => item.Key!).sort();
}
