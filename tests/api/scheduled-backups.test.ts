import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BACKUP_RETRY_DELAYS_MS, MANUAL_BACKUP_EVERY_MS, MANUAL_BACKUPS_KEPT } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { BackupResult } from '../../core/types';
import { takeBackupFileLock } from '../../server/services/backups/backup-lock';
import { api } from '../support/api-client';
import { runScript } from '../support/scripts';
import { startTcpProxy } from '../support/tcp-proxy';
import { backupBucketEnv, backupOverview, bucketNames, moveClockPast } from '../support/backups';
import { adminOf, createProject } from '../support/factories';
import { type LogLine, logLines, waitForLines } from '../support/log-lines';
import { freePort, startTestServer, type TestServer } from '../support/test-server';
import { onPostgres, postgresUrlFor } from '../support/test-database';
import { testBucket } from '../support/test-media';

// Issue 26: backups that run themselves (decision 025). The schedule is driven by the test clock (TEST_CLOCK=1):
// the clock moves past a scheduled time and the backup it was due appears, without waiting for 02:00. On SQLite a
// backup is `npm run backup`'s archive; on PostgreSQL, pg_dump's file.

const EXTENSION = onPostgres ? '.pgdump' : '.tar.gz';
const SCHEDULED = { BACKUP_SCHEDULE: 'daily 02:00', TEST_CLOCK: '1' };
const HOUR = 60 * 60 * 1000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-scheduled-backups-'));
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A server on a data folder of its own, or on `dataDir` again; either is kept when it stops, for a restart. */
async function start(env: Record<string, string>, dataDir = fs.mkdtempSync(path.join(work, 'data-'))) {
  const server = await startTestServer(env, dataDir);
  servers.push(server);
  return { server, cookie: await server.login() };
}

const backupsFolder = (server: TestServer) => path.join(server.dataDir, 'backups');
const filesIn = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);

describe('the schedule', () => {
  it('backs up at the scheduled time in Bhutan time, keeps the newest BACKUP_KEEP here and in the bucket', async () => {
    const bucket = await testBucket();
    const { server, cookie } = await start({ ...SCHEDULED, BACKUP_KEEP: '2', ...backupBucketEnv(bucket) });
    await createProject(adminOf(server, cookie), { title: 'Paro Farmhouse' });

    const fresh = await backupOverview(server, cookie);
    expect(fresh).toMatchObject({
      schedule: 'Every day at 02:00 Bhutan time.',
      format: onPostgres ? 'pg-dump' : 'archive',
      keep: 2,
      bucket: bucket.bucket,
      backups: [],
      lastSuccessAt: null,
      lastFailure: null,
    });
    // 02:00 in Thimphu (UTC+6) is 20:00 UTC.
    expect(fresh.nextRunAt).toMatch(/T20:00:00\.000Z$/);

    let overview = fresh;
    const made: string[] = [];
    for (let day = 0; day < 3; day += 1) {
      const due = overview.nextRunAt!;
      overview = await moveClockPast(server, cookie, due);
      expect(overview.failedAttempts, JSON.stringify(overview.lastFailure)).toBe(0);
      made.push(overview.backups[0]!.name);
      expect(Date.parse(overview.backups[0]!.createdAt) - Date.parse(due)).toBeGreaterThanOrEqual(0);
      // The next one is a day after the one just made.
      expect(Date.parse(overview.nextRunAt!) - Date.parse(due)).toBe(24 * HOUR);
    }
    expect(made.every((name) => name.endsWith(EXTENSION))).toBe(true);
    const kept = made.slice(1).reverse();
    expect(overview.backups.map((backup) => backup.name)).toEqual(kept);
    for (const backup of overview.backups) {
      expect(backup).toMatchObject({ onServer: true, inBucket: true });
      expect(backup.bytes).toBe(fs.statSync(path.join(backupsFolder(server), backup.name)).size);
    }
    expect(filesIn(backupsFolder(server))).toEqual([...kept].sort());
    expect(await bucketNames(bucket)).toEqual([...kept].sort());
    const backupsMade = (lines: LogLine[]) => lines.filter((line) => line.msg === 'backup made');
    expect(backupsMade(await waitForLines(server, (lines) => backupsMade(lines).length >= 3))).toHaveLength(3);
  }, 120_000);

  it('makes a run the server was down for as soon as it starts again, once', async () => {
    const { server } = await start(SCHEDULED);
    await server.stop();
    // The last scheduled run two days ago: at least one 02:00 has passed since, while the server was stopped.
    await setScheduledFrom(server.dataDir, new Date(Date.now() - 48 * HOUR).toISOString());
    const again = await start(SCHEDULED, server.dataDir);
    await expect
      .poll(async () => (await backupOverview(again.server, again.cookie)).backups.length, { timeout: 30_000 })
      .toBe(1);
    const overview = await backupOverview(again.server, again.cookie);
    // Counted from this run, the next is the coming 02:00: not the other ones missed.
    expect(Date.parse(overview.nextRunAt!) - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    expect(Date.parse(overview.nextRunAt!)).toBeGreaterThan(Date.now());
  }, 120_000);
});

describe('a failed backup', () => {
  it('is kept, shown in plain words, retried after 5 and 15 minutes, and the next attempt that works clears it', async () => {
    const { server, cookie } = await start(SCHEDULED);
    // The backups folder's name taken by a file: nothing can be written there.
    fs.writeFileSync(backupsFolder(server), 'not a folder');
    const due = (await backupOverview(server, cookie)).nextRunAt!;

    const failed = await moveClockPast(server, cookie, due);
    expect(failed.failedAttempts).toBe(1);
    expect(failed.backups).toEqual([]);
    expect(failed.lastFailure).toMatchObject({ kind: 'folder', message: MESSAGES.backupFailures.folder });
    expect(failed.lastFailure!.detail).toMatch(/EEXIST|ENOTDIR/);
    expect(Date.parse(failed.nextRunAt!) - Date.parse(failed.lastFailure!.at)).toBe(BACKUP_RETRY_DELAYS_MS[0]);
    const logged = logLines(server).find((line) => line.msg === 'backup failed');
    expect(logged).toMatchObject({ level: 'error', failure: 'folder', attempts: 1, retryInMinutes: 5 });

    const again = await moveClockPast(server, cookie, failed.nextRunAt!);
    expect(again.failedAttempts).toBe(2);
    expect(Date.parse(again.nextRunAt!) - Date.parse(again.lastFailure!.at)).toBe(BACKUP_RETRY_DELAYS_MS[1]);

    // Whoever runs the site fixes it; the next retry works.
    fs.rmSync(backupsFolder(server));
    const fixed = await moveClockPast(server, cookie, again.nextRunAt!);
    expect(fixed).toMatchObject({ failedAttempts: 0, lastFailure: again.lastFailure });
    expect(fixed.backups).toHaveLength(1);
    expect(fixed.lastSuccessAt).toBe(fixed.backups[0]!.createdAt);
    // Back on the schedule: the 02:00 after the one that failed.
    expect(Date.parse(fixed.nextRunAt!) - Date.parse(due)).toBe(24 * HOUR);

    // The failure stays for the page across a restart, as a past one.
    await server.stop();
    const restarted = await start({}, server.dataDir);
    expect(await backupOverview(restarted.server, restarted.cookie)).toMatchObject({
      failedAttempts: 0,
      lastFailure: again.lastFailure,
      lastSuccessAt: fixed.lastSuccessAt,
    });
  }, 120_000);

  it('to a bucket that does not answer is kept on the server, and the failure names the bucket', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const { server, cookie } = await start({
      BACKUP_S3_BUCKET: 'studio-backups',
      BACKUP_S3_ENDPOINT: nobody,
      BACKUP_S3_ACCESS_KEY_ID: 'key',
      BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
    });
    const answer = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      made: false,
      failure: { kind: 'bucket', message: MESSAGES.backupFailures.bucket },
    });
    const overview = await backupOverview(server, cookie);
    expect(overview.failedAttempts).toBe(1);
    expect(overview.backups).toMatchObject([{ onServer: true, inBucket: false }]);
    expect(filesIn(backupsFolder(server))).toEqual([overview.backups[0]!.name]);
    expect(overview.bucketProblem).toMatchObject({ message: MESSAGES.backupBucketUnlisted('studio-backups') });
  });
});

describe('Back up now and the downloads', () => {
  it('makes a backup at once, which only the administrator can download, from here or from the bucket', async () => {
    const bucket = await testBucket();
    const { server, cookie } = await start(backupBucketEnv(bucket));
    const made = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const result = made.body.data as Extract<BackupResult, { made: true }>;
    expect(result.backup).toMatchObject({ onServer: true, inBucket: true });
    const { name, bytes } = result.backup;
    const onDisk = fs.readFileSync(path.join(backupsFolder(server), name));

    expect((await fetch(`${server.url}/api/backups/${name}`)).status).toBe(401);
    const download = async () => {
      const response = await fetch(`${server.url}/api/backups/${name}`, { headers: { cookie } });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };
    const local = await download();
    expect(local.response.status).toBe(200);
    expect(local.response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(local.response.headers.get('cache-control')).toBe('private, no-store');
    expect(local.body.length).toBe(bytes);
    expect(local.body.equals(onDisk)).toBe(true);

    // Gone from this server (another instance made it, or a disk was replaced): the bucket's copy is served.
    fs.rmSync(path.join(backupsFolder(server), name));
    expect((await backupOverview(server, cookie)).backups).toEqual([{ ...result.backup, onServer: false }]);
    const remote = await download();
    expect(remote.response.status).toBe(200);
    expect(remote.body.equals(onDisk)).toBe(true);

    for (const other of ['studio.sqlite', '..%2Fstudio.sqlite', name.replace(/\d{3}Z/, '999Z')]) {
      expect((await api(server, 'GET', `/api/backups/${other}`, { cookie })).status, other).toBe(404);
    }
  });

  it('makes one backup per 10 minutes for the whole site, across workers and instances, and says when the next', async () => {
    const { server, cookie } = await start({ WEB_CONCURRENCY: '2' });
    const made = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { backup } = made.body.data as Extract<BackupResult, { made: true }>;
    expect(backup).toMatchObject({ manual: true, name: expect.stringMatching(/Z-manual\.(tar\.gz|pgdump)$/) });

    // Pressed again and again: each worker asks the database, and refuses in words, with the time to wait.
    for (let press = 0; press < 4; press += 1) {
      const refused = await api(server, 'POST', '/api/backups', { cookie });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(
        /^A backup was made with Back up now on \d+ \w{3} \d{4}, \d\d:\d\d Bhutan time, and one can be made every 10 minutes: the next from \d+ \w{3} \d{4}, \d\d:\d\d Bhutan time, in (10|9) minutes\./,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(8 * 60);
    }
    if (onPostgres) {
      // Another instance of the site, sharing its database, refuses too.
      const other = await start({ DATABASE_URL: await postgresUrlFor(server.dataDir) });
      expect((await api(other.server, 'POST', '/api/backups', { cookie: other.cookie })).status).toBe(429);
    }
    expect((await backupOverview(server, cookie)).backups.map((entry) => entry.name)).toEqual([backup.name]);
  });

  it('keeps the backups made with Back up now apart: they never push a scheduled one out', async () => {
    const bucket = await testBucket();
    const { server, cookie } = await start({ ...SCHEDULED, BACKUP_KEEP: '2', ...backupBucketEnv(bucket) });
    let overview = await backupOverview(server, cookie);
    for (let day = 0; day < 2; day += 1) overview = await moveClockPast(server, cookie, overview.nextRunAt!);
    const scheduled = overview.backups.map((entry) => entry.name);
    expect(scheduled).toHaveLength(2);
    expect(overview.backups.every((entry) => !entry.manual)).toBe(true);

    // More than MANUAL_BACKUPS_KEPT by hand, each 10 minutes after the last.
    const manual: string[] = [];
    for (let press = 0; press < MANUAL_BACKUPS_KEPT + 2; press += 1) {
      if (press > 0) await moveClock(server, cookie, MANUAL_BACKUP_EVERY_MS);
      const made = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      manual.push((made.body.data as Extract<BackupResult, { made: true }>).backup.name);
    }
    const kept = [...scheduled, ...manual.slice(-MANUAL_BACKUPS_KEPT)].sort();
    expect(filesIn(backupsFolder(server))).toEqual(kept);
    expect(await bucketNames(bucket)).toEqual(kept);
    overview = await backupOverview(server, cookie);
    expect(overview.manualKept).toBe(MANUAL_BACKUPS_KEPT);
    expect(overview.backups.filter((entry) => entry.manual).map((entry) => entry.name)).toEqual(
      manual.slice(-MANUAL_BACKUPS_KEPT).reverse(),
    );
  }, 120_000);

  it('puts each copy in the bucket with server-side encryption', async () => {
    const bucket = await testBucket();
    // Between the site and s3rver, which takes the header but does not keep it: the requests are read on the way.
    const proxy = await startTcpProxy(Number(new URL(bucket.endpoint).port));
    let sent = '';
    proxy.watch((chunk) => (sent += chunk.toString('latin1')));
    try {
      const { server, cookie } = await start({
        ...backupBucketEnv(bucket),
        BACKUP_S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      });
      const made = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const { name } = (made.body.data as Extract<BackupResult, { made: true }>).backup;
      expect(await bucketNames(bucket)).toEqual([name]);
      const put = sent.indexOf(`PUT /${bucket.bucket}/${name}`);
      expect(put).toBeGreaterThanOrEqual(0);
      const headers = sent.slice(put, sent.indexOf('\r\n\r\n', put));
      expect(headers).toMatch(/^x-amz-server-side-encryption: AES256$/im);
    } finally {
      await proxy.close();
    }
  });

  it.skipIf(onPostgres)('answers 409 while another backup of the site is under way', async () => {
    const { server, cookie } = await start({});
    const release = takeBackupFileLock(server.dataDir)!;
    try {
      const busy = await api(server, 'POST', '/api/backups', { cookie });
      expect(busy).toMatchObject({ status: 409, body: { error: MESSAGES.backupRunning } });
    } finally {
      release();
    }
    expect((await api(server, 'POST', '/api/backups', { cookie })).status).toBe(201);
  });
});

describe.skipIf(onPostgres)('an archive made by the schedule', () => {
  it('is the archive npm run backup writes, private to its owner', async () => {
    const { server, cookie } = await start({});
    await createProject(adminOf(server, cookie), { title: 'Bumthang Lodge' });
    const { body } = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
    const { name } = (body.data as Extract<BackupResult, { made: true }>).backup;
    const archive = path.join(backupsFolder(server), name);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(expect.arrayContaining(['backup.json', 'studio.sqlite', 'secret.key']));
    expect(entries.some((entry) => entry.startsWith('uploads/project/'))).toBe(true);
  });
});

describe.skipIf(onPostgres)('with BACKUP_PASSPHRASE', () => {
  it('encrypts each archive, says so on the page, and npm run restore brings it back with the passphrase', async () => {
    const passphrase = { BACKUP_PASSPHRASE: 'yak butter tea at dawn' };
    const { server, cookie } = await start(passphrase);
    await createProject(adminOf(server, cookie), { title: 'Gasa Hot Spring Lodge' });
    const { status, body } = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
    expect(status, JSON.stringify(body)).toBe(201);
    const { name } = (body.data as Extract<BackupResult, { made: true }>).backup;
    expect(name).toMatch(/Z-manual\.tar\.gz\.enc$/);
    const archive = path.join(backupsFolder(server), name);
    expect(fs.readFileSync(archive).subarray(0, 8).toString('latin1')).toBe('DDBACKUP');
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect((await backupOverview(server, cookie)).scope).toBe(MESSAGES.backupScopeArchive(true, true));
    await server.stop();

    const restored = await runScript('restore', [archive], { DATA_DIR: server.dataDir, ...passphrase });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored the encrypted backup of');
    expect(restored.stdout).toContain('projects 1');
  });

  it('stops the start on a passphrase too short to resist guessing', async () => {
    await expect(start({ BACKUP_PASSPHRASE: 'short' })).rejects.toThrow(
      /BACKUP_PASSPHRASE must be at least 12 characters/,
    );
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('backs up with pg_dump, in the custom format pg_restore reads', async () => {
    const { server, cookie } = await start({});
    await createProject(adminOf(server, cookie), { title: 'Punakha School' });
    const { status, body } = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
    expect(status, JSON.stringify(body)).toBe(201);
    const { name } = (body.data as Extract<BackupResult, { made: true }>).backup;
    const { stdout } = await promisify(execFile)('pg_restore', ['--list', path.join(backupsFolder(server), name)]);
    expect(stdout).toMatch(/TABLE DATA \S+ projects /);
    expect(stdout).toMatch(/TABLE DATA \S+ sessions /);
  });

  it('says what to use instead when pg_dump is not installed, and makes nothing', async () => {
    const { server, cookie } = await start({ ...SCHEDULED, PATH: '/nonexistent' });
    const overview = await backupOverview(server, cookie);
    expect(overview).toMatchObject({ format: null, scope: MESSAGES.backupsNeedPgDump, nextRunAt: null });
    expect(server.output()).toContain(MESSAGES.backupsNeedPgDump);
    const refused = await api(server, 'POST', '/api/backups', { cookie });
    expect(refused).toMatchObject({ status: 409, body: { error: MESSAGES.backupsNeedPgDump } });
    expect(filesIn(backupsFolder(server))).toEqual([]);
  });
});

/** Moves the server's clock (TEST_CLOCK=1) forward by `ms`. */
async function moveClock(server: TestServer, cookie: string, ms: number): Promise<void> {
  expect((await api(server, 'PUT', '/api/test-clock', { cookie, json: { forwardMs: ms } })).status).toBe(200);
}

/** Sets the time the schedule counts from, in the stopped server's database, as if its last scheduled run was then. */
async function setScheduledFrom(dataDir: string, at: string): Promise<void> {
  if (!onPostgres) {
    const db = new SQLite(path.join(dataDir, 'studio.sqlite'));
    try {
      db.prepare('update backup_status set scheduled_from = ?').run(at);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: await postgresUrlFor(dataDir) });
  await client.connect();
  try {
    await client.query('update backup_status set scheduled_from = $1', [at]);
  } finally {
    await client.end();
  }
}
