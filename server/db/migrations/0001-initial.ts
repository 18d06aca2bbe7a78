import { type Kysely, sql } from 'kysely';
import { withIdColumn } from './columns';

/** Every entity of SPEC section 3, plus administrators, sessions and sign-in failures. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('media_items'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('variants', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_items_purpose').on('media_items').columns(['purpose', 'created_at']).execute();

  await withIdColumn(db, db.schema.createTable('projects'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('design_team', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('show_in_recent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cover_media_id', 'integer', (col) => col.references('media_items.id').onDelete('set null'))
    .addColumn('date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('projects_created_at').on('projects').column('created_at').execute();
  await db.schema.createIndex('projects_category').on('projects').column('category').execute();

  await db.schema
    .createTable('project_images')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('alt', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('project_images_pk', ['project_id', 'media_id'])
    .execute();
  await db.schema.createIndex('project_images_media').on('project_images').column('media_id').execute();

  await withIdColumn(db, db.schema.createTable('blogs'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('excerpt', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('read_time', 'text', (col) => col.notNull())
    .addColumn('image_media_id', 'integer', (col) => col.references('media_items.id').onDelete('set null'))
    .addColumn('date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema.createIndex('blogs_status_created').on('blogs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('blog_images')
    .addColumn('blog_id', 'integer', (col) => col.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (col) => col.notNull().references('media_items.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_images_pk', ['blog_id', 'media_id'])
    .execute();

  await db.schema
    .createTable('blog_tags')
    .addColumn('blog_id', 'integer', (col) => col.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_tags_pk', ['blog_id', 'position'])
    .execute();

  await withIdColumn(db, db.schema.createTable('clients'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('website', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('logo_media_id', 'integer', (col) => col.references('media_items.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('team_members'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull())
    .addColumn('image_media_id', 'integer', (col) => col.references('media_items.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('contacts'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contacts_created_at').on('contacts').column('created_at').execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('brand_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('logo_media_id', 'integer', (col) => col.references('media_items.id').onDelete('set null'))
    .addColumn('contact_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone_primary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone_secondary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('facebook_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('instagram_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('youtube_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tiktok_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // One counter bumped by every content write, so caches of public answers
  // know when they are stale, whichever process made the change.
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('content_version' as never)
    .values({ id: 1, version: 1 } as never)
    .execute();

  await withIdColumn(db, db.schema.createTable('admins'))
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await withIdColumn(db, db.schema.createTable('login_failures'))
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'attempted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_failures',
    'sessions',
    'admins',
    'content_version',
    'site_settings',
    'contacts',
    'team_members',
    'clients',
    'blog_tags',
    'blog_images',
    'blogs',
    'project_images',
    'projects',
    'media_items',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
