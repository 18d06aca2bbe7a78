import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type Db, migrateToLatest, openSqlite } from '../../server/db/database';
import { migrationProvider } from '../../server/db/migrations';

let db: Db | undefined;
afterEach(() => db?.destroy());

it('moves the sign-in failures of a database made before the rate limits into rate_limit_hits, and back', async () => {
  db = openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-migrate-')), 'studio.sqlite'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined();
  await sql`insert into login_failures (ip, attempted_at) values ('198.51.100.7', '2026-11-23T05:00:00.000Z')`.execute(
    db,
  );

  await migrateToLatest(db);
  expect(await db.selectFrom('rateLimitHits').select(['bucket', 'clientKey', 'hitAt']).execute()).toEqual([
    { bucket: 'login', clientKey: '198.51.100.7', hitAt: '2026-11-23T05:00:00.000Z' },
  ]);

  expect((await migrator.migrateTo('0001-initial')).error).toBeUndefined();
  const { rows } = await sql<{ ip: string }>`select ip from login_failures`.execute(db);
  expect(rows).toEqual([{ ip: '198.51.100.7' }]);
});
