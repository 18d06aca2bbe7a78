import type { BlogCategory, BlogStatus } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { blogCreateSchema, blogUpdateSchema } from '../../../core/schemas/blog.schema';
import type { Blog } from '../../../core/types';
import type { Db } from '../../db/database';
import type { Selectable } from 'kysely';
import type { BlogsTable, MediaItemRow } from '../../db/schema';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import { moveToTrash } from '../trash/move-to-trash';
import { nowIso, type ServiceContext, type UploadedFile } from '../context';
import { notFound, parseInput } from '../errors';
import { sanitizeBlogHtml, sanitizeStoredBlogHtml } from './html-sanitizer';
import { deleteMediaRows, findMediaItems, IMAGE_DETAIL_COLUMNS, toImageDetails, writeWithImages } from '../media/media';
import { ownedImage } from '../media/single-image';
import { isPublicPost, publicationTime } from './publishing';
import { publishingNow } from './publishing-clock';

const BLOG_COLUMNS = [
  'id',
  'title',
  'content',
  'excerpt',
  'author',
  'category',
  'status',
  'readTime',
  'imageMediaId',
  'seoDescription',
  'seoImage',
  'date',
  'createdAt',
  'updatedAt',
  'publishedAt',
] as const;

type BlogRow = Omit<Selectable<BlogsTable>, 'deletedAt'>;

async function assemble(db: Db, rows: BlogRow[]): Promise<Blog[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [tags, gallery, covers] = await Promise.all([
    db
      .selectFrom('blogTags')
      .select(['blogId', 'tag'])
      .where('blogId', 'in', ids)
      .orderBy('blogId')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('blogImages')
      .innerJoin('mediaItems', 'mediaItems.id', 'blogImages.mediaId')
      .select(['blogImages.blogId', ...IMAGE_DETAIL_COLUMNS])
      .where('blogImages.blogId', 'in', ids)
      .orderBy('blogImages.blogId')
      .orderBy('blogImages.position')
      .execute(),
    findMediaItems(
      db,
      rows.flatMap((row) => (row.imageMediaId === null ? [] : [row.imageMediaId])),
    ),
  ]);
  const coverById = new Map(covers.map((cover) => [cover.id, cover]));
  return rows.map((row) => {
    const cover = row.imageMediaId === null ? undefined : coverById.get(row.imageMediaId);
    const own = gallery.filter((image) => image.blogId === row.id);
    return {
      id: row.id,
      title: row.title,
      content: sanitizeStoredBlogHtml(row.content),
      excerpt: row.excerpt,
      author: row.author,
      category: row.category as BlogCategory,
      tags: tags.filter((tag) => tag.blogId === row.id).map((tag) => tag.tag),
      status: row.status as BlogStatus,
      readTime: row.readTime,
      image: cover?.path ?? '',
      imageDetails: cover ? toImageDetails(cover, row.title) : null,
      images: own.map((image) => image.path),
      imagesDetails: own.map((image, index) => toImageDetails(image, `${row.title}, image ${index + 1}`)),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      publishedAt: row.publishedAt,
      date: row.date,
      seoDescription: row.seoDescription,
      seoImage: row.seoImage,
    };
  });
}

/** Posts visitors see (published, their time come) unless `includeDrafts` (the administrator's view); newest first. */
export async function listBlogs(ctx: ServiceContext, options: { includeDrafts?: boolean } = {}): Promise<Blog[]> {
  let query = ctx.db.selectFrom('blogs').select(BLOG_COLUMNS).where('deletedAt', 'is', null);
  if (!options.includeDrafts) {
    query = query.where('status', '=', 'published').where('publishedAt', '<=', publishingNow());
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return assemble(ctx.db, rows);
}

async function findBlog(db: Db, id: number): Promise<Blog | null> {
  const row = await db
    .selectFrom('blogs')
    .select(BLOG_COLUMNS)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const [blog] = await assemble(db, [row]);
  return blog ?? null;
}

/** A draft or scheduled post is the administrator's: visitors are told it does not exist. */
export async function getBlog(
  ctx: ServiceContext,
  id: number,
  options: { includeDrafts?: boolean } = {},
): Promise<Blog | null> {
  const blog = await findBlog(ctx.db, id);
  if (!blog || (!isPublicPost(blog) && !options.includeDrafts)) return null;
  return blog;
}

async function requireBlog(db: Db, id: number): Promise<Blog> {
  const blog = await findBlog(db, id);
  if (!blog) throw notFound(MESSAGES.blogNotFound);
  return blog;
}

async function replaceTags(db: ContentTransaction, blogId: number, tags: string[]): Promise<void> {
  await db.deleteFrom('blogTags').where('blogId', '=', blogId).execute();
  for (const [position, tag] of [...new Set(tags)].entries()) {
    await db.insertInto('blogTags').values({ blogId, tag, position }).execute();
  }
}

export interface BlogFiles {
  /** The featured image; a new one replaces the old. */
  image?: UploadedFile;
  /** Gallery images; when sent, they replace the gallery. */
  images?: UploadedFile[];
}

function filesInOrder(files: BlogFiles): UploadedFile[] {
  return [...(files.image ? [files.image] : []), ...(files.images ?? [])];
}

async function replaceGallery(db: ContentTransaction, blogId: number, mediaIds: number[]): Promise<MediaItemRow[]> {
  const old = await db.selectFrom('blogImages').select('mediaId').where('blogId', '=', blogId).execute();
  const oldIds = old.map((row) => row.mediaId);
  const rows = await findMediaItems(db, oldIds);
  await db.deleteFrom('blogImages').where('blogId', '=', blogId).execute();
  await deleteMediaRows(db, oldIds);
  for (const [position, mediaId] of mediaIds.entries()) {
    await db.insertInto('blogImages').values({ blogId, mediaId, position }).execute();
  }
  return rows;
}

export async function createBlog(ctx: ServiceContext, input: unknown, files: BlogFiles = {}): Promise<Blog> {
  const { tags, publishAt, ...fields } = parseInput(blogCreateSchema, input);
  return writeWithImages(ctx, filesInOrder(files), 'blog', async (trx, mediaIds) => {
    const now = nowIso();
    const imageMediaId = files.image ? mediaIds[0]! : null;
    const galleryIds = files.image ? mediaIds.slice(1) : mediaIds;
    const { id } = await trx
      .insertInto('blogs')
      .values({
        ...fields,
        content: sanitizeBlogHtml(fields.content),
        imageMediaId,
        createdAt: now,
        updatedAt: now,
        publishedAt: fields.status === 'published' ? publicationTime(publishAt, null) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceTags(trx, id, tags);
    await replaceGallery(trx, id, galleryIds);
    return { result: await requireBlog(trx, id), replaced: [] };
  });
}

export async function updateBlog(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  files: BlogFiles = {},
): Promise<Blog> {
  const { tags, publishAt, ...fields } = parseInput(blogUpdateSchema, input);
  const existing = await requireBlog(ctx.db, id);
  const publishing = (fields.status ?? existing.status) === 'published';
  return writeWithImages(ctx, filesInOrder(files), 'blog', async (trx, mediaIds) => {
    const replaced: MediaItemRow[] = [];
    const columns: Record<string, unknown> = { ...fields, updatedAt: nowIso() };
    if (fields.content !== undefined) columns.content = sanitizeBlogHtml(fields.content);
    if (publishing) columns.publishedAt = publicationTime(publishAt, existing.publishedAt);
    if (files.image) {
      const old = await trx.selectFrom('blogs').select('imageMediaId').where('id', '=', id).executeTakeFirst();
      columns.imageMediaId = mediaIds[0];
      if (old?.imageMediaId != null) replaced.push(...(await findMediaItems(trx, [old.imageMediaId])));
    }
    await trx.updateTable('blogs').set(columns).where('id', '=', id).execute();
    if (replaced.length > 0)
      await deleteMediaRows(
        trx,
        replaced.map((row) => row.id),
      );
    if (tags !== undefined) await replaceTags(trx, id, tags);
    if (files.images && files.images.length > 0) {
      replaced.push(...(await replaceGallery(trx, id, files.image ? mediaIds.slice(1) : mediaIds)));
    }
    return { result: await requireBlog(trx, id), replaced };
  });
}

/**
 * Deletes a post's row (its gallery and tags go with it) and answers the media ids it held, for the caller to delete
 * in the same change. With `unchangedSince`, only while its `updatedAt` is still that: answers null otherwise.
 */
export async function deleteBlogRow(
  trx: ContentTransaction,
  id: number,
  unchangedSince?: string,
): Promise<number[] | null> {
  const gallery = await trx.selectFrom('blogImages').select('mediaId').where('blogId', '=', id).execute();
  let query = trx.deleteFrom('blogs').where('id', '=', id);
  if (unchangedSince !== undefined) query = query.where('updatedAt', '=', unchangedSince);
  const blog = await query.returning('imageMediaId').executeTakeFirst();
  return blog ? [...gallery.map((row) => row.mediaId), ...ownedImage(blog.imageMediaId)] : null;
}

/** Moves a post to the Trash, with its images (DELETE /api/blogs/{id}). */
export async function deleteBlog(ctx: ServiceContext, id: number): Promise<void> {
  await changeContent(ctx.db, async (trx) => {
    if ((await moveToTrash(trx, 'blogs', [id])) === 0) throw notFound(MESSAGES.blogNotFound);
  });
}
