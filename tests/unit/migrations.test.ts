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

it('adds the outbox and takes it away again', async () => {
  db = openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-migrate-')), 'studio.sqlite'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  await migrateToLatest(db);
  const { id } = await db
    .insertInto('contacts')
    .values({
      name: 'N',
      email: 'n@example.bt',
      phone: '',
      message: 'M',
      status: 'new',
      ip: '',
      createdAt: 'x',
      updatedAt: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('outbox')
    .values({ contactId: id, state: 'pending', attempts: 0, nextAttemptAt: 'x', createdAt: 'x' })
    .execute();
  // A message's e-mail goes with it.
  await db.deleteFrom('contacts').where('id', '=', id).execute();
  expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  expect((await migrator.migrateTo('0004-known-devices')).error).toBeUndefined();
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where name = 'outbox'`.execute(db);
  expect(rows).toEqual([]);
});

it('makes the projects and published posts of a database made before drafts public from their creation', async () => {
  db = openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-migrate-')), 'studio.sqlite'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo('0004-known-devices')).error).toBeUndefined();
  const at = '2026-11-01T08:00:00.000Z';
  await sql`insert into projects (title, description, year, location, category, status, created_at, updated_at)
    values ('P', 'D', 2025, 'Haa', 'Office', 'Completed', ${at}, ${at})`.execute(db);
  await sql`insert into blogs (title, content, excerpt, author, category, status, read_time, created_at, updated_at)
    values ('Old', 'C', 'E', 'A', 'News', 'published', '5 min read', ${at}, ${at}),
           ('Draft', 'C', 'E', 'A', 'News', 'draft', '5 min read', ${at}, ${at})`.execute(db);

  await migrateToLatest(db);
  expect(await db.selectFrom('projects').select('publishedAt').execute()).toEqual([{ publishedAt: at }]);
  expect(await db.selectFrom('blogs').select(['title', 'publishedAt']).orderBy('id').execute()).toEqual([
    { title: 'Old', publishedAt: at },
    { title: 'Draft', publishedAt: null },
  ]);
  expect((await migrator.migrateTo('0004-known-devices')).error).toBeUndefined();
});

it('adds the country to the visits, counts the days rolled up before as of unknown country, and takes it away again', async () => {
  db = openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-migrate-')), 'studio.sqlite'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo('0009-visit-counting')).error).toBeUndefined();
  await sql`insert into visit_daily_totals (day, visitors, pageviews) values ('2026-11-20', 3, 7)`.execute(db);
  await sql`insert into visit_daily_dimensions (day, dimension, value, visitors, pageviews)
    values ('2026-11-20', 'device', 'desktop', 3, 7)`.execute(db);
  await sql`insert into visit_events (at, day, path, device, browser, visitor)
    values ('2026-11-25T06:00:00.000Z', '2026-11-25', '/', 'desktop', 'Chrome', 'v')`.execute(db);

  await migrateToLatest(db);
  expect(await db.selectFrom('visitEvents').select('country').execute()).toEqual([{ country: null }]);
  expect(await db.selectFrom('visitDailyDimensions').selectAll().where('dimension', '=', 'country').execute()).toEqual([
    { day: '2026-11-20', dimension: 'country', value: 'ZZ', visitors: 3, pageviews: 7 },
  ]);
  // Two letters or nothing.
  await expect(
    sql`insert into visit_events (at, day, path, device, browser, visitor, country)
      values ('x', '2026-11-25', '/', 'desktop', 'Chrome', 'w', 'BTN')`.execute(db),
  ).rejects.toThrow(/CHECK/i);

  expect((await migrator.migrateTo('0009-visit-counting')).error).toBeUndefined();
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info('visit_events')`.execute(db);
  expect(rows.map((row) => row.name)).not.toContain('country');
  const { rows: dimensions } = await sql<{ dimension: string }>`select dimension from visit_daily_dimensions`.execute(
    db,
  );
  expect(dimensions).toEqual([{ dimension: 'device' }]);
});

it('gives every row of the ordered lists a key in the order it showed before, and takes the keys away again', async () => {
  db = openSqlite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-migrate-')), 'studio.sqlite'));
  const migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo('0014-manual-backups')).error).toBeUndefined();
  for (const [id, created] of [
    [1, '2026-01-01'],
    [2, '2026-03-01'],
    [3, '2026-02-01'],
  ] as const) {
    await sql`insert into clients (id, name, description, website, category, status, created_at, updated_at)
      values (${id}, ${`Client ${id}`}, '', '', 'General', 'Active', ${created}, ${created})`.execute(db);
    await sql`insert into team_members (id, name, title, position, created_at, updated_at)
      values (${4 - id}, ${`Member ${4 - id}`}, 'T', 'P', 'x', 'x')`.execute(db);
  }
  await sql`update testimonials set sort_order = 10 - sort_order`.execute(db);
  const testimonialsBefore = await sql<{ id: number }>`select id from testimonials order by sort_order`.execute(db);

  await migrateToLatest(db);
  const order = async (table: string) =>
    (await sql<{ id: number }>`select id from ${sql.table(table)} order by sort_key`.execute(db!)).rows.map(
      (row) => row.id,
    );
  expect(await order('clients')).toEqual([2, 3, 1]);
  expect(await order('team_members')).toEqual([1, 2, 3]);
  expect(await order('testimonials')).toEqual(testimonialsBefore.rows.map((row) => row.id));

  expect((await migrator.migrateTo('0014-manual-backups')).error).toBeUndefined();
  const after = await sql<{ id: number }>`select id from testimonials order by sort_order`.execute(db);
  expect(after.rows).toEqual(testimonialsBefore.rows);
});
