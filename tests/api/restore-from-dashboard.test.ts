import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import type { Blog, BackupResult, RestoreStarted, RestoreStatus } from '../../core/types';
import { api, form } from '../support/api-client';
import { createPost } from '../support/factories';
import { adminOf } from '../support/factories';
import { openToOthers, setUsualUmask } from '../support/file-modes';
import { runScript } from '../support/scripts';
import { onPostgres } from '../support/test-database';
import { onS3 } from '../support/test-media';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

// Issue 35 item 8 (decision 037): the Backups page restores a listed backup or an uploaded archive, with the checks
// of `npm run restore`, while the server runs; the server stops, swaps the data in, and comes back on it.

setUsualUmask();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-api-'));
const PASSPHRASE = { BACKUP_PASSPHRASE: 'prayer flags over Dochula' };
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function start(env: Record<string, string> = {}) {
  const server = await startTestServer({ ...PASSPHRASE, ...env }, fs.mkdtempSync(path.join(work, 'data-')));
  servers.push(server);
  return { server, cookie: await server.login() };
}

const blogTitles = async (server: TestServer) =>
  (await api<{ data: Blog[] }>(server, 'GET', '/api/blogs')).body.data.map((post) => post.title).sort();

const keptFolders = (server: TestServer) =>
  fs.readdirSync(server.dataDir).filter((name) => name.startsWith('before-restore-'));
const leftovers = (server: TestServer) => fs.readdirSync(server.dataDir).filter((name) => name.startsWith('.restore-'));

async function backUpNow(server: TestServer, cookie: string): Promise<string> {
  const made = await api<{ data: BackupResult }>(server, 'POST', '/api/backups', { cookie });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (!made.body.data.made) throw new Error('no backup');
  return made.body.data.backup.name;
}

function uploadForm(file: string, password = ADMIN_PASSWORD): FormData {
  return form({ password }, { archive: [{ data: new Blob([fs.readFileSync(file)]), name: path.basename(file) }] });
}

/**
 * Waits for the restore's outcome as the page does: under way while the old site serves, nothing while it
 * restarts, then a 401 once the restored data (with every session ended) is served, or the refusal.
 */
async function outcomeOf(server: TestServer, cookie: string, id: string): Promise<'restored' | RestoreStatus> {
  let outcome: 'restored' | RestoreStatus = { state: 'under-way' };
  await expect
    .poll(
      async () => {
        try {
          const answer = await api<{ data: RestoreStatus }>(server, 'GET', `/api/backups/restore/${id}`, { cookie });
          if (answer.status === 401) outcome = 'restored';
          else if (answer.status === 200) outcome = answer.body.data;
        } catch {
          // Restarting: nothing listens for a moment.
        }
        return outcome === 'restored' || outcome.state !== 'under-way';
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe(true);
  return outcome;
}

describe.skipIf(onPostgres || onS3)('restore from the Backups page', () => {
  it(
    'restores a listed backup: the old content, everyone signed out, the replaced data kept',
    { timeout: 120_000 },
    async () => {
      const { server, cookie } = await start();
      const admin = adminOf(server, cookie);
      await createPost(admin, { title: 'Written before the backup' });
      const name = await backUpNow(server, cookie);
      await createPost(admin, { title: 'Written after the backup' });
      const otherSession = await server.login();

      // The password typed again: a wrong one changes nothing.
      const wrong = await api(server, 'POST', `/api/backups/${name}/restore`, {
        cookie,
        json: { password: 'not the password' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields.password).toBe(MESSAGES.currentPasswordWrong);
      // From another site: refused before anything is read.
      const crossSite = await api(server, 'POST', `/api/backups/${name}/restore`, {
        cookie,
        origin: 'https://evil.example',
        json: { password: ADMIN_PASSWORD },
      });
      expect(crossSite.status).toBe(403);
      expect(await blogTitles(server)).toEqual(['Written after the backup', 'Written before the backup']);

      const started = await api<{ data: RestoreStarted }>(server, 'POST', `/api/backups/${name}/restore`, {
        cookie,
        json: { password: ADMIN_PASSWORD },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await outcomeOf(server, cookie, started.body.data.id)).toBe('restored');

      expect(await blogTitles(server)).toEqual(['Written before the backup']);
      for (const session of [cookie, otherSession]) {
        expect((await api(server, 'GET', '/api/contacts', { cookie: session })).status).toBe(401);
      }
      const kept = keptFolders(server);
      expect(kept).toHaveLength(1);
      expect(fs.existsSync(path.join(server.dataDir, kept[0]!, 'studio.sqlite'))).toBe(true);
      expect(leftovers(server)).toEqual([]);
      expect(openToOthers(server.dataDir)).toEqual([]);
      // The backups are not what a restore replaces: the one restored is still listed.
      const again = await server.login();
      const listed = await api(server, 'GET', '/api/backups', { cookie: again });
      expect(listed.body.data.backups.map((backup: { name: string }) => backup.name)).toContain(name);
    },
  );

  it(
    'refuses what is not a good backup of this site, with nothing changed and the site serving',
    { timeout: 120_000 },
    async () => {
      const { server, cookie } = await start();
      await createPost(adminOf(server, cookie), { title: 'Still here' });
      const name = await backUpNow(server, cookie);
      const archive = path.join(server.dataDir, 'backups', name);

      const garbage = path.join(work, 'garbage.tar.gz');
      fs.writeFileSync(garbage, Buffer.from('not a backup at all, just some bytes'.repeat(100)));

      // Made with another passphrase, beside the running server, by `npm run backup`.
      const otherPassphrase = path.join(work, 'other-passphrase.tar.gz.enc');
      const made = await runScript('backup', [otherPassphrase], {
        DATA_DIR: server.dataDir,
        BACKUP_PASSPHRASE: 'another passphrase entirely',
      });
      expect(made.code, made.stderr).toBe(0);

      // A real backup whose manifest was changed: it lists a row the database does not hold.
      const unpacked = path.join(work, 'unpacked');
      fs.mkdirSync(unpacked);
      const plain = path.join(work, 'plain.tar.gz');
      const plainMade = await runScript('backup', [plain], { DATA_DIR: server.dataDir });
      expect(plainMade.code, plainMade.stderr).toBe(0);
      await tar.extract({ file: plain, cwd: unpacked });
      const manifestFile = path.join(unpacked, 'backup.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { tables: Record<string, number> };
      manifest.tables.blogs = (manifest.tables.blogs ?? 0) + 1;
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));
      const tampered = path.join(work, 'tampered.tar.gz');
      await tar.create({ gzip: true, file: tampered, cwd: unpacked }, fs.readdirSync(unpacked));

      // Cut short: the server's own encrypted backup, its last 1000 bytes gone.
      const cut = path.join(work, 'cut.tar.gz.enc');
      const bytes = fs.readFileSync(archive);
      fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 1000));

      const refusals: [string, string][] = [
        [garbage, MESSAGES.restoreRefusals['not-a-backup']],
        [otherPassphrase, MESSAGES.restoreRefusals['wrong-passphrase']],
        [tampered, MESSAGES.restoreRefusals.damaged],
        [cut, MESSAGES.restoreRefusals.damaged],
      ];
      for (const [file, words] of refusals) {
        const refused = await api(server, 'POST', '/api/backups/restore', { cookie, form: uploadForm(file) });
        expect(refused.status, file).toBe(400);
        expect(refused.body.error, file).toContain(words);
      }
      const noFile = await api(server, 'POST', '/api/backups/restore', {
        cookie,
        form: form({ password: ADMIN_PASSWORD }),
      });
      expect(noFile.status).toBe(400);
      expect(noFile.body.error).toBe(MESSAGES.restoreUploadMissing);
      const unknown = await api(server, 'POST', '/api/backups/studio-2020-01-01T00-00-00-000Z.tar.gz/restore', {
        cookie,
        json: { password: ADMIN_PASSWORD },
      });
      expect(unknown.status).toBe(404);

      // Nothing changed: the content, the session, no data set aside, nothing left in DATA_DIR.
      expect(await blogTitles(server)).toEqual(['Still here']);
      expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(200);
      expect(keptFolders(server)).toEqual([]);
      expect(leftovers(server)).toEqual([]);
    },
  );

  it(
    'a swap that cannot be made leaves the data as it was, serving, and the page is told',
    { timeout: 120_000 },
    async () => {
      const { server, cookie } = await start();
      const admin = adminOf(server, cookie);
      await createPost(admin, { title: 'Kept' });
      const name = await backUpNow(server, cookie);
      await createPost(admin, { title: 'Also kept' });
      // Another program holds the database open (a sqlite3 shell, say): the swap's exclusive lock is refused.
      const holder = new SQLite(path.join(server.dataDir, 'studio.sqlite'), { readonly: true });
      try {
        holder.prepare('SELECT count(*) FROM blogs').get();
        const started = await api<{ data: RestoreStarted }>(server, 'POST', `/api/backups/${name}/restore`, {
          cookie,
          json: { password: ADMIN_PASSWORD },
        });
        expect(started.status, JSON.stringify(started.body)).toBe(202);
        const outcome = await outcomeOf(server, cookie, started.body.data.id);
        expect(outcome).toMatchObject({ state: 'not-swapped', message: MESSAGES.restoreRefusals['not-swapped'] });
      } finally {
        holder.close();
      }
      expect(await blogTitles(server)).toEqual(['Also kept', 'Kept']);
      expect((await api(server, 'GET', '/api/contacts', { cookie })).status).toBe(200);
      expect(keptFolders(server)).toEqual([]);
      expect(leftovers(server)).toEqual([]);
    },
  );

  it('restores an uploaded archive on a cluster of workers', { timeout: 150_000 }, async () => {
    const { server, cookie } = await start({ WEB_CONCURRENCY: '2' });
    const admin = adminOf(server, cookie);
    await createPost(admin, { title: 'In the uploaded backup' });
    const name = await backUpNow(server, cookie);
    const download = await fetch(`${server.url}/api/backups/${name}`, { headers: { cookie } });
    const file = path.join(work, name);
    fs.writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    await createPost(admin, { title: 'Not in it' });

    const started = await api<{ data: RestoreStarted }>(server, 'POST', '/api/backups/restore', {
      cookie,
      form: uploadForm(file),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await outcomeOf(server, cookie, started.body.data.id)).toBe('restored');
    expect(await blogTitles(server)).toEqual(['In the uploaded backup']);
    expect(keptFolders(server)).toHaveLength(1);
    expect(leftovers(server)).toEqual([]);
  });
});

describe.runIf(onPostgres)('restore from the Backups page on PostgreSQL', () => {
  it('is refused: pg_restore does it, as the page says', async () => {
    const { server, cookie } = await start();
    const refused = await api(server, 'POST', '/api/backups/studio-2020-01-01T00-00-00-000Z.pgdump/restore', {
      cookie,
      json: { password: ADMIN_PASSWORD },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(MESSAGES.restoreNotPossible);
  });
});
