import { type Kysely, sql } from 'kysely';
import { spreadKeys } from '../../services/content/sort-key';
import { usesPostgres } from '../dialect';

/**
 * The owner's order of projects, a project's images, clients, team members and testimonials (issue 36, decision
 * 041): a fractional `sort_key` per row, so that a move rewrites one row. Each list starts in the order it showed
 * before: projects and clients newest first, team members as added, images and testimonials in their positions,
 * whose integers the keys replace. PostgreSQL compares the keys byte by byte ("C"), as SQLite does.
 */
const LISTS = [
  { table: 'projects', scope: null, order: sql`created_at desc, id desc`, index: ['sort_key'] },
  { table: 'project_images', scope: 'project_id', order: sql`position, media_id`, index: ['project_id', 'sort_key'] },
  { table: 'clients', scope: null, order: sql`created_at desc, id desc`, index: ['sort_key'] },
  { table: 'team_members', scope: null, order: sql`id`, index: ['sort_key'] },
  { table: 'testimonials', scope: null, order: sql`sort_order, id`, index: ['sort_key'] },
] as const;

type KeyedRow = { id: number; scope: number | null };

export async function up(db: Kysely<unknown>): Promise<void> {
  const keyType = usesPostgres(db) ? sql`text collate "C"` : sql`text`;
  for (const { table, scope, order, index } of LISTS) {
    // SQLite adds a NOT NULL column only with a default; every row gets its own key below, and every insert one.
    await db.schema
      .alterTable(table)
      .addColumn('sort_key', keyType, (col) => col.notNull().defaultTo(''))
      .execute();
    const idColumn = table === 'project_images' ? sql.ref('media_id') : sql.ref('id');
    const scopeColumn = scope ? sql.ref(scope) : null;
    const { rows } = await sql<KeyedRow>`select ${idColumn} as id, ${scopeColumn ?? sql`null`} as scope
      from ${sql.table(table)} order by ${scopeColumn ? sql`${scopeColumn}, ${order}` : order}`.execute(db);
    const byScope = new Map<number | null, KeyedRow[]>();
    for (const row of rows) byScope.set(row.scope, [...(byScope.get(row.scope) ?? []), row]);
    for (const [scopeValue, members] of byScope) {
      const keys = spreadKeys(members.length);
      for (const [at, row] of members.entries()) {
        const inScope = scope ? sql`and ${sql.ref(scope)} = ${scopeValue}` : sql``;
        await sql`update ${sql.table(table)} set sort_key = ${keys[at]} where ${idColumn} = ${row.id} ${inScope}`.execute(
          db,
        );
      }
    }
    await db.schema
      .createIndex(`${table}_sort_key`)
      .on(table)
      .columns([...index])
      .execute();
  }
  await db.schema.alterTable('project_images').dropColumn('position').execute();
  await db.schema.alterTable('testimonials').dropColumn('sort_order').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('project_images')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('testimonials')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update project_images set position = (select count(*) from project_images other
    where other.project_id = project_images.project_id and other.sort_key < project_images.sort_key)`.execute(db);
  await sql`update testimonials set sort_order = (select count(*) from testimonials other
    where other.sort_key < testimonials.sort_key)`.execute(db);
  for (const { table } of LISTS) {
    await db.schema.dropIndex(`${table}_sort_key`).execute();
    await db.schema.alterTable(table).dropColumn('sort_key').execute();
  }
}
