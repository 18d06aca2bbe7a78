import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, ContactMessage, Project } from '../../core/types';
import { api, form } from '../support/api-client';
import { adminOf, createProject, jpeg } from '../support/factories';
import { onPostgres, postgresUrlFor } from '../support/test-database';
import { modeOf, openToOthers, setUsualUmask } from '../support/file-modes';
import { runScript } from '../support/scripts';
import { onS3 } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

setUsualUmask();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-backup-test-'));
const dataDir = path.join(work, 'data');
const archive = path.join(work, 'saved', 'studio.tar.gz');

let server: TestServer | undefined;
let cookie: string;

/** `npm run backup` or `restore` on the test's DATA_DIR. */
const runBackupScript = (name: 'backup' | 'restore', file: string, env: Record<string, string> = {}) =>
  runScript(name, [file], { DATA_DIR: dataDir, ...env });

/** Every file in the data folder with a hash of its bytes, to show a refused restore changed nothing. */
function fingerprint(): Record<string, string> {
  const entries = fs.readdirSync(dataDir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    entries.map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dataDir, file), createHash('sha256').update(fs.readFileSync(file)).digest('hex')];
    }),
  );
}

async function start() {
  server = await startTestServer({}, dataDir);
  cookie = await server.login();
  return server;
}

async function stop() {
  await server?.stop();
  server = undefined;
}

let project: Project;
let blog: Blog;

function writeBlog(title: string) {
  const post = { author: 'Pema', category: 'Sustainability', excerpt: 'Why earth walls suit the valley.' };
  return api<{ data: Blog }>(server!, 'POST', '/api/blogs', {
    cookie,
    json: { ...post, title, content: '<p>Cold.</p>' },
  });
}

beforeAll(async () => {
  const running = await start();
  const fields = {
    title: 'Haa Guesthouse',
    description: 'Stone and timber.',
    location: 'Haa',
    category: 'Hospitality',
  };
  project = await createProject(adminOf(running, cookie), fields, [await jpeg('site.jpg', 1200, 800)]);
  const written = await writeBlog('Winter on site');
  expect(written.status).toBe(201);
  blog = written.body.data;
  const message = { name: 'Sonam', email: 'sonam@example.bt', message: 'A school in Bumthang?' };
  expect((await api(running, 'POST', '/api/contact', { json: message })).status).toBe(200);
});

afterAll(async () => {
  await stop();
  fs.rmSync(work, { recursive: true, force: true });
});

// The archive holds the SQLite file and DATA_DIR/uploads; a PostgreSQL site is backed up with pg_dump,
// images in a bucket with the bucket's versioning (docs/deploy.md).
describe.skipIf(onPostgres || onS3)('backup and restore', () => {
  it('backs up while the server runs, and restore brings back exactly that', { timeout: 60_000 }, async () => {
    // Signed in when the backup is taken: the archive holds this session.
    const sessionAtBackup = cookie;
    const backup = await runBackupScript('backup', archive);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Wrote .*studio\.tar\.gz/);
    expect(backup.stdout).toMatch(/projects 1, /);
    expect(fs.readdirSync(path.dirname(archive))).toEqual(['studio.tar.gz']);
    // It holds the password hash, every message and the key of the TOTP secrets: its owner's alone.
    expect(modeOf(archive)).toBe(0o600);
    expect(backup.stdout).toContain('the two-factor key: secret.key');
    const keyAtBackup = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8');

    // The server still has the database open: restore refuses and changes nothing.
    const before = fingerprint();
    const refused = await runBackupScript('restore', archive);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('stop the server before restoring');
    expect(fingerprint()).toEqual(before);

    // Changes after the backup, which the restore must undo: the session of the backup's day is ended too.
    let running = server!;
    expect((await api(running, 'POST', '/api/auth/logout', { cookie: sessionAtBackup })).status).toBe(200);
    cookie = await running.login();
    expect((await api(running, 'DELETE', `/api/projects/${project.id}`, { cookie })).status).toBe(200);
    expect((await api(running, 'DELETE', `/api/trash/project/${project.id}`, { cookie })).status).toBe(200);
    const renamed = await api(running, 'PUT', `/api/blogs/${blog.id}`, { cookie, form: form({ title: 'Renamed' }) });
    expect(renamed.status).toBe(200);
    expect((await writeBlog('Written later')).status).toBe(201);
    expect(fs.existsSync(path.join(dataDir, 'uploads', project.image))).toBe(false);
    await stop();

    const restored = await runBackupScript('restore', archive);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('sign in again');
    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith('before-restore-'));
    expect(kept).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, kept[0]!, 'studio.sqlite'))).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, kept[0]!, 'secret.key'), 'utf8')).toBe(keyAtBackup);
    expect(restored.stdout).toContain('the two-factor key: secret.key');
    expect(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8')).toBe(keyAtBackup);
    // The restored database, uploads and key, and the data they replaced, are as private as the server makes them.
    expect(openToOthers(dataDir)).toEqual([]);

    running = await start();
    // No session survives a restore: not the one ended since the backup, which the backup held.
    expect((await api(running, 'GET', '/api/contacts', { cookie: sessionAtBackup })).status).toBe(401);
    const back = await api<{ data: Project }>(running, 'GET', `/api/projects/${project.id}`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ title: 'Haa Guesthouse', images: project.images });
    for (const image of project.imageDetails) {
      for (const file of [image.path, ...image.variants.map((variant) => variant.path)]) {
        expect((await fetch(`${running.url}/uploads/${file}`)).status, file).toBe(200);
      }
    }
    const blogs = await api<{ data: Blog[] }>(running, 'GET', '/api/blogs', { cookie });
    expect(blogs.body.data.map((post) => post.title)).toEqual(['Winter on site']);
    const inbox = await api<{ data: ContactMessage[] }>(running, 'GET', '/api/contacts', { cookie });
    expect(inbox.body.data.map((message) => message.name)).toEqual(['Sonam']);
    await stop();
  });

  it('refuses a garbage archive or a damaged database and leaves the data as it was', async () => {
    const before = fingerprint();
    const garbage = path.join(work, 'garbage.tar.gz');
    fs.writeFileSync(garbage, Buffer.from('not a backup at all, just some bytes'.repeat(100)));
    const refusedGarbage = await runBackupScript('restore', garbage);
    expect(refusedGarbage.code).toBe(1);
    expect(refusedGarbage.stderr).toContain('is not a usable backup');

    // A real archive whose database was damaged after the backup.
    const damaged = path.join(work, 'damaged');
    fs.mkdirSync(damaged);
    await tar.extract({ file: archive, cwd: damaged });
    const database = path.join(damaged, 'studio.sqlite');
    const bytes = fs.readFileSync(database);
    bytes.fill(0x5a, 4096, 8192);
    fs.writeFileSync(database, bytes);
    const damagedArchive = path.join(work, 'damaged.tar.gz');
    await tar.create({ gzip: true, file: damagedArchive, cwd: damaged }, fs.readdirSync(damaged));
    const refusedDamaged = await runBackupScript('restore', damagedArchive);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toMatch(/studio\.sqlite (fails its integrity check|cannot be read)/);

    expect(fingerprint()).toEqual(before);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });
});

describe.skipIf(onPostgres || onS3)('a backup encrypted with BACKUP_PASSPHRASE', () => {
  const passphrase = { BACKUP_PASSPHRASE: 'juniper smoke at Paro dzong' };
  const encrypted = path.join(work, 'saved', 'encrypted.tar.gz');

  it(
    'holds nothing readable without it, refuses a wrong one, a cut or a changed archive, and comes back with it',
    {
      timeout: 90_000,
    },
    async () => {
      const backup = await runBackupScript('backup', encrypted, passphrase);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('encrypted with BACKUP_PASSPHRASE');
      expect(modeOf(encrypted)).toBe(0o600);
      const bytes = fs.readFileSync(encrypted);
      expect(bytes.subarray(0, 8).toString('latin1')).toBe('DDBACKUP');
      const entries: string[] = [];
      await tar.list({ file: encrypted, onReadEntry: (entry) => entries.push(entry.path) }).catch(() => undefined);
      expect(entries).toEqual([]);

      // Written after the backup: the restore takes it away.
      let running = await start();
      expect((await writeBlog('Written after the encrypted backup')).status).toBe(201);
      await stop();
      const titles = async () => {
        running = await start();
        const blogs = await api<{ data: Blog[] }>(running, 'GET', '/api/blogs', { cookie });
        await stop();
        return blogs.body.data.map((post) => post.title);
      };
      expect(await titles()).toContain('Written after the encrypted backup');

      const before = fingerprint();
      const refusals: [string, string, Record<string, string>, RegExp][] = [
        [
          'a wrong passphrase',
          encrypted,
          { BACKUP_PASSPHRASE: 'juniper smoke at Paro dzonG' },
          /The passphrase in BACKUP_PASSPHRASE does not open .*encrypted\.tar\.gz: it was encrypted with another one/,
        ],
        [
          'no passphrase, and no terminal to type it',
          encrypted,
          {},
          /encrypted\.tar\.gz is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with/,
        ],
      ];
      const cut = path.join(work, 'saved', 'cut.tar.gz');
      fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 1000));
      refusals.push([
        'cut short',
        cut,
        passphrase,
        /cut\.tar\.gz is not a usable backup: it is cut short or was changed after it was written/,
      ]);
      const changed = path.join(work, 'saved', 'changed.tar.gz');
      const altered = Buffer.from(bytes);
      altered[Math.floor(altered.length / 2)]! ^= 0x20;
      fs.writeFileSync(changed, altered);
      refusals.push([
        'changed',
        changed,
        passphrase,
        /changed\.tar\.gz is not a usable backup: it is cut short or was changed after it was written/,
      ]);
      for (const [what, file, env, words] of refusals) {
        const refused = await runBackupScript('restore', file, env);
        expect(refused.code, what).toBe(1);
        expect(refused.stderr, what).toMatch(words);
        expect(refused.stderr, what).toContain('Nothing was changed.');
        expect(fingerprint(), what).toEqual(before);
      }
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);

      const restored = await runBackupScript('restore', encrypted, passphrase);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('Restored the encrypted backup of');
      const after = await titles();
      expect(after).not.toContain('Written after the encrypted backup');
      expect(after).toContain('Winter on site');
    },
  );

  it('asks for the passphrase in a terminal, without showing it as it is typed', { timeout: 60_000 }, async () => {
    // util-linux's script(1) gives the restore a terminal of its own, as someone at the server's console would have.
    const command = [process.execPath, '--import', 'tsx', 'scripts/restore.ts', encrypted].join(' ');
    const terminal = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    let shown = '';
    const ended = new Promise<number | null>((resolve) => terminal.once('exit', resolve));
    await new Promise<void>((resolve) =>
      terminal.stdout.on('data', (chunk: Buffer) => {
        shown += chunk.toString();
        if (shown.includes('Its passphrase')) resolve();
      }),
    );
    terminal.stdin.write(`${passphrase.BACKUP_PASSPHRASE}\r`);
    expect(await ended, shown).toBe(0);
    expect(shown).toContain('Restored the encrypted backup of');
    expect(shown).not.toContain(passphrase.BACKUP_PASSPHRASE);
  });
});

describe.runIf(onPostgres)('backup on PostgreSQL', () => {
  it('is refused with a pointer to pg_dump, touching nothing', async () => {
    const before = fingerprint();
    const env = { DATABASE_URL: await postgresUrlFor(dataDir) };
    for (const name of ['backup', 'restore'] as const) {
      const refused = await runBackupScript(name, archive, env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('back the database up with pg_dump');
    }
    expect(fs.existsSync(archive)).toBe(false);
    expect(fingerprint()).toEqual(before);
  });
});

describe.skipIf(onPostgres)('backup with the images in a bucket', () => {
  it("is refused with a pointer to the bucket's versioning, touching nothing", async () => {
    const before = fingerprint();
    const env = { MEDIA_STORAGE: 's3', S3_BUCKET: 'studio-media' };
    const target = path.join(work, 'saved', 'bucket-site.tar.gz');
    for (const name of ['backup', 'restore'] as const) {
      const refused = await runBackupScript(name, target, env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('the images are in the bucket "studio-media"');
      expect(refused.stderr).toContain("bucket's own versioning or replication");
    }
    expect(fs.existsSync(target)).toBe(false);
    expect(fingerprint()).toEqual(before);
  });
});
