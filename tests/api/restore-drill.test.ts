import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { MediaItem, Project } from '../../core/types';
import { libpqUrl } from '../../server/services/backups/pg-dump';
import { api, form } from '../support/api-client';
import { backupOverview, moveClockPast } from '../support/backups';
import { adminOf, createProject, jpeg, uploadMedia } from '../support/factories';
import { runScript } from '../support/scripts';
import { onPostgres, postgresUrlFor } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 26's restore drill: a backup the schedule made, the site changed after it, the restore the Backups page
// and the README give, and the site as it was at the backup, with every session ended. On SQLite that is
// `npm run restore` (the real script) on the archive; on PostgreSQL, pg_restore on pg_dump's file, then the sessions
// deleted with psql, as the page says.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-restore-drill-'));
const dataDir = path.join(work, 'data');
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** What a visitor and the administrator read of the site: every project, and the media library. */
async function siteAsRead(cookie: string) {
  const projects = await api<{ data: Project[] }>(server!, 'GET', '/api/projects', { cookie });
  const media = await api<{ data: MediaItem[] }>(server!, 'GET', '/api/media', { cookie });
  return { projects: projects.body.data, media: media.body.data };
}

async function served(file: string): Promise<number> {
  return (await fetch(`${server!.url}/uploads/${file}`)).status;
}

/** The Backups page's steps, with the site stopped. */
async function restore(backup: string): Promise<void> {
  if (!onPostgres) {
    const restored = await runScript('restore', [backup], { DATA_DIR: dataDir });
    expect(restored.code, restored.stderr).toBe(0);
    return;
  }
  const { url } = libpqUrl(await postgresUrlFor(dataDir));
  await promisify(execFile)('pg_restore', ['--clean', '--if-exists', '--no-owner', '--dbname', url, backup]);
  await promisify(execFile)('psql', [url, '-c', 'delete from sessions']);
}

describe('the restore drill', () => {
  it('brings back the scheduled backup, whatever changed since, and ends every session', async () => {
    server = await startTestServer({ BACKUP_SCHEDULE: 'daily 02:00', TEST_CLOCK: '1' }, dataDir);
    const sessionAtBackup = await server.login();
    const admin = adminOf(server, sessionAtBackup);
    const farmhouse = await createProject(admin, { title: 'Paro Farmhouse', location: 'Paro' }, [
      await jpeg('farmhouse.jpg', 1200, 800),
    ]);
    const libraryImage = await uploadMedia(admin, await jpeg('site-visit.jpg', 900, 600));
    const atBackup = await siteAsRead(sessionAtBackup);

    // The schedule makes the backup, at 02:00 Bhutan time on the test clock.
    const due = (await backupOverview(server, sessionAtBackup)).nextRunAt!;
    const overview = await moveClockPast(server, sessionAtBackup, due);
    expect(overview.failedAttempts, JSON.stringify(overview.lastFailure)).toBe(0);
    const [scheduled] = overview.backups;
    expect(scheduled).toMatchObject({ onServer: true });

    // The day after: a project edited, a new one with its image, an image uploaded to the library.
    const edited = await api(server, 'PUT', `/api/projects/${farmhouse.id}`, {
      cookie: sessionAtBackup,
      form: form({ title: 'Paro Farmhouse, extended', location: 'Paro valley' }),
    });
    expect(edited.status).toBe(200);
    const school = await createProject(admin, { title: 'Punakha School' }, [await jpeg('school.jpg', 1000, 700)]);
    const laterImage = await uploadMedia(admin, await jpeg('later.jpg', 800, 600));
    const changed = await siteAsRead(sessionAtBackup);
    expect(changed).not.toEqual(atBackup);
    await server.stop();

    await restore(path.join(dataDir, 'backups', scheduled!.name));

    server = await startTestServer({}, dataDir);
    // The administrator's cookie of before is no longer a session: the dashboard and the API ask to sign in.
    expect((await api(server, 'GET', '/api/contacts', { cookie: sessionAtBackup })).status).toBe(401);
    const dashboard = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: sessionAtBackup },
      redirect: 'manual',
    });
    expect(dashboard.headers.get('location')).toMatch(/^\/dashboard\/login/);

    const cookie = await server.login();
    expect(await siteAsRead(cookie)).toEqual(atBackup);
    expect((await api(server, 'GET', `/api/projects/${school.id}`)).status).toBe(404);
    for (const file of [...farmhouse.imageDetails.map((image) => image.path), libraryImage.url]) {
      expect(await served(file), file).toBe(200);
    }
    for (const file of [...school.imageDetails.map((image) => image.path), laterImage.url]) {
      expect(await served(file), file).toBe(404);
    }
    // The backups themselves are not part of what a restore replaces: the one restored is still listed.
    expect((await backupOverview(server, cookie)).backups.map((backup) => backup.name)).toEqual([scheduled!.name]);
  }, 120_000);
});
