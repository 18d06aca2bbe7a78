import { type Kysely, sql } from 'kysely';

/**
 * Drafts and scheduled publishing (issue 14). A project is public from `published_at` on: null is a draft, a
 * future time is scheduled. Blogs already had the column (set when first published); a published post is now
 * public from that time on, so a post published before this migration without one gets its creation time.
 * Times are ISO-8601 UTC text like every other timestamp, so comparing them as text compares the times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('published_at', 'text').execute();
  // Every project saved before drafts existed was public from its creation.
  await sql`update projects set published_at = created_at`.execute(db);
  await db.schema.createIndex('projects_published_at').on('projects').column('published_at').execute();
  await sql`update blogs set published_at = created_at where status = 'published' and published_at is null`.execute(db);
  await db.schema.createIndex('blogs_published_at').on('blogs').column('published_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blogs_published_at').execute();
  await db.schema.dropIndex('projects_published_at').execute();
  await db.schema.alterTable('projects').dropColumn('published_at').execute();
}
