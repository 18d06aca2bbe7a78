import type { ProjectStatus } from '../../../core/constants';
import { DEFAULT_PROJECT_STATUS, MAX_PROJECT_IMAGES } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import {
  heroProjectCreateSchema,
  type ProjectCreateInput,
  type ProjectImagesArrangement,
  type ProjectUpdateInput,
  projectCreateSchema,
  projectImageMoveSchema,
  projectUpdateSchema,
} from '../../../core/schemas/project.schema';
import type { ImageDetails, Project } from '../../../core/types';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ProjectRow } from '../../db/schema';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import { nowIso, type ServiceContext, type UploadedFile } from '../context';
import { AppError, notFound, parseInput } from '../errors';
import { toStoredImagePath } from '../media/image-refs';
import { deleteImageFiles } from '../media/images';
import {
  deleteMediaRows,
  findMediaItems,
  IMAGE_DETAIL_COLUMNS,
  toImageDetails,
  writeWithImages,
} from '../media/media';
import { moveToTrash } from '../trash/move-to-trash';
import { keyAtEnd, moveInOrder, PROJECTS_ORDER, projectImagesOrder, writeOrder } from './manual-order';
import { isPublic, publicationTime } from './publishing';
import { keyBetween } from './sort-key';
import { publishingNow } from './publishing-clock';

const PROJECT_COLUMNS = [
  'id',
  'title',
  'description',
  'year',
  'location',
  'category',
  'status',
  'client',
  'designTeam',
  'featured',
  'showInRecent',
  'coverMediaId',
  'seoDescription',
  'seoImage',
  'date',
  'createdAt',
  'updatedAt',
  'publishedAt',
] as const;

interface ProjectImageRow {
  projectId: number;
  mediaId: number;
  alt: string;
  path: string;
  width: number;
  height: number;
  variants: string;
  focalX: number;
  focalY: number;
}

async function loadProjectImages(db: Db, projectIds: number[]): Promise<Map<number, ProjectImageRow[]>> {
  const byProject = new Map<number, ProjectImageRow[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom('projectImages')
    .innerJoin('mediaItems', 'mediaItems.id', 'projectImages.mediaId')
    .select(['projectImages.projectId', 'projectImages.mediaId', 'projectImages.alt', ...IMAGE_DETAIL_COLUMNS])
    .where('projectImages.projectId', 'in', projectIds)
    .orderBy('projectImages.projectId')
    .orderBy('projectImages.sortKey')
    .execute();
  for (const row of rows) {
    const list = byProject.get(row.projectId) ?? [];
    list.push(row);
    byProject.set(row.projectId, list);
  }
  return byProject;
}

function toProject(row: Omit<ProjectRow, 'sortKey'>, images: ProjectImageRow[]): Project {
  const imageDetails: ImageDetails[] = images.map((image) => toImageDetails(image, image.alt || row.title));
  const cover = images.find((image) => image.mediaId === row.coverMediaId) ?? images[0];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: cover?.path ?? '',
    images: images.map((image) => image.path),
    imageDetails,
    year: row.year,
    location: row.location,
    category: row.category,
    status: row.status as ProjectStatus,
    client: row.client,
    designTeam: row.designTeam,
    seoDescription: row.seoDescription,
    seoImage: row.seoImage,
    featured: row.featured === 1,
    showInRecent: row.showInRecent === 1,
    date: row.date,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

async function withImages(db: Db, rows: Omit<ProjectRow, 'sortKey'>[]): Promise<Project[]> {
  const images = await loadProjectImages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toProject(row, images.get(row.id) ?? []));
}

export interface ProjectFilters {
  featured?: boolean;
  showInRecent?: boolean;
  category?: string;
  year?: number;
  location?: string;
  status?: string;
  limit?: number;
  /** Newest first instead of the owner's order: for "the most recent" lists. */
  newestFirst?: boolean;
}

export interface ProjectVisibility {
  /** The administrator's view: drafts and scheduled projects too. Visitors see public ones only. */
  includeDrafts?: boolean;
}

/** The one rule of which projects visitors see, for every public query of projects: published, not in the Trash. */
function isPublicProject(eb: ExpressionBuilder<Database, 'projects'>) {
  return eb.and([eb('publishedAt', '<=', publishingNow()), eb('deletedAt', 'is', null)]);
}

/** In the owner's order (decision 041), or newest first; filters match exactly (SPEC section 5). */
export async function listProjects(
  ctx: ServiceContext,
  filters: ProjectFilters = {},
  visibility: ProjectVisibility = {},
): Promise<Project[]> {
  let query = ctx.db.selectFrom('projects').select(PROJECT_COLUMNS).where('deletedAt', 'is', null);
  if (!visibility.includeDrafts) query = query.where(isPublicProject);
  if (filters.featured !== undefined) query = query.where('featured', '=', filters.featured ? 1 : 0);
  if (filters.showInRecent !== undefined) query = query.where('showInRecent', '=', filters.showInRecent ? 1 : 0);
  if (filters.category !== undefined) query = query.where('category', '=', filters.category);
  if (filters.year !== undefined) query = query.where('year', '=', filters.year);
  if (filters.location !== undefined) query = query.where('location', '=', filters.location);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  query = filters.newestFirst
    ? query.orderBy('createdAt', 'desc').orderBy('id', 'desc')
    : query.orderBy('sortKey').orderBy('id');
  if (filters.limit !== undefined) query = query.limit(filters.limit);
  const rows = await query.execute();
  return withImages(ctx.db, rows);
}

async function findProject(db: Db, id: number): Promise<Project | null> {
  const row = await db
    .selectFrom('projects')
    .select(PROJECT_COLUMNS)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const images = await loadProjectImages(db, [id]);
  return toProject(row, images.get(id) ?? []);
}

/** A draft or scheduled project is the administrator's: visitors are told it does not exist. */
export async function getProject(
  ctx: ServiceContext,
  id: number,
  visibility: ProjectVisibility = {},
): Promise<Project | null> {
  const project = await findProject(ctx.db, id);
  if (!project || (!visibility.includeDrafts && !isPublic(project.publishedAt))) return null;
  return project;
}

/** How many related projects a project page ends with. */
export const RELATED_PROJECTS_LIMIT = 3;

/**
 * The public projects a project page ends with: those sharing its category first, then those sharing its
 * location, then the newest of the rest; never the project itself.
 */
export async function listRelatedProjects(
  ctx: ServiceContext,
  project: Pick<Project, 'id' | 'category' | 'location'>,
): Promise<Project[]> {
  const rows = await ctx.db
    .selectFrom('projects')
    .select(PROJECT_COLUMNS)
    .where(isPublicProject)
    .where('id', '!=', project.id)
    .orderBy((eb) => eb.case().when('category', '=', project.category).then(0).else(1).end())
    .orderBy((eb) => eb.case().when('location', '=', project.location).then(0).else(1).end())
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(RELATED_PROJECTS_LIMIT)
    .execute();
  return withImages(ctx.db, rows);
}

/** Visitors' count: drafts and scheduled projects are not told about. */
export async function countPublicProjects(ctx: ServiceContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(isPublicProject)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function requireProject(db: Db, id: number): Promise<Project> {
  const project = await findProject(db, id);
  if (!project) throw notFound(MESSAGES.projectNotFound);
  return project;
}

function checkImageCount(count: number): void {
  if (count > MAX_PROJECT_IMAGES) throw new AppError(400, MESSAGES.tooManyImages(MAX_PROJECT_IMAGES));
}

/** Links images to a project after those it has. */
async function attachImages(db: ContentTransaction, projectId: number, mediaIds: number[], alts: string[] = []) {
  let sortKey = mediaIds.length > 0 ? await keyAtEnd(db, projectImagesOrder(projectId), 'end') : '';
  for (const [index, mediaId] of mediaIds.entries()) {
    if (index > 0) sortKey = keyBetween(sortKey, null);
    await db
      .insertInto('projectImages')
      .values({ projectId, mediaId, sortKey, alt: alts[index]?.trim() ?? '' })
      .execute();
  }
}

export interface ProjectImageOptions {
  /** Alt texts for the new images, in order; empty ones fall back to the title. */
  alts?: string[];
}

export async function createProject(
  ctx: ServiceContext,
  input: unknown,
  files: UploadedFile[],
  options: ProjectImageOptions = {},
): Promise<Project> {
  const fields: ProjectCreateInput = parseInput(projectCreateSchema, input);
  if (files.length === 0) throw new AppError(400, MESSAGES.selectProjectImage);
  return insertProject(ctx, fields, files, options);
}

/**
 * The hero banner's add form (SPEC section 5 lists no image rule for it): images are optional, and a
 * project without one shows the built-in placeholder.
 */
export async function createHeroProject(
  ctx: ServiceContext,
  input: unknown,
  files: UploadedFile[],
  options: ProjectImageOptions = {},
): Promise<Project> {
  const fields = parseInput(heroProjectCreateSchema, input);
  return insertProject(ctx, { ...fields, status: fields.status ?? DEFAULT_PROJECT_STATUS }, files, options);
}

async function insertProject(
  ctx: ServiceContext,
  { published, publishAt, ...fields }: ProjectCreateInput,
  files: UploadedFile[],
  options: ProjectImageOptions,
): Promise<Project> {
  checkImageCount(files.length);
  return writeWithImages(ctx, files, 'project', async (trx, mediaIds) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('projects')
      .values({
        ...fields,
        featured: fields.featured ? 1 : 0,
        showInRecent: fields.showInRecent ? 1 : 0,
        coverMediaId: mediaIds[0] ?? null,
        createdAt: now,
        updatedAt: now,
        publishedAt: published ? publicationTime(publishAt, null) : null,
        // A new project leads the list, as it did when the list was newest first.
        sortKey: await keyAtEnd(trx, PROJECTS_ORDER, 'start'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await attachImages(trx, id, mediaIds, options.alts);
    return { result: await requireProject(trx, id), replaced: [] };
  });
}

function toColumns(fields: ProjectUpdateInput, storedPublishedAt: string | null) {
  const { featured, showInRecent, published, publishAt, ...rest } = fields;
  return {
    ...rest,
    ...(featured === undefined ? {} : { featured: featured ? 1 : 0 }),
    ...(showInRecent === undefined ? {} : { showInRecent: showInRecent ? 1 : 0 }),
    ...(published === undefined
      ? {}
      : { publishedAt: published ? publicationTime(publishAt, storedPublishedAt) : null }),
  };
}

async function projectMediaIds(db: Db, projectId: number): Promise<number[]> {
  const rows = await db.selectFrom('projectImages').select('mediaId').where('projectId', '=', projectId).execute();
  return rows.map((row) => row.mediaId);
}

/** Unlinks images from a project and deletes their media rows; returns them for file removal. */
async function detachImages(db: ContentTransaction, projectId: number, mediaIds: number[]) {
  if (mediaIds.length === 0) return [];
  const rows = await findMediaItems(db, mediaIds);
  await db.deleteFrom('projectImages').where('projectId', '=', projectId).where('mediaId', 'in', mediaIds).execute();
  await deleteMediaRows(db, mediaIds);
  return rows;
}

/** Any subset of the fields; new images, when sent, replace the old ones (SPEC section 5). */
export async function updateProject(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  files: UploadedFile[] = [],
  options: ProjectImageOptions = {},
): Promise<Project> {
  const fields = parseInput(projectUpdateSchema, input);
  const existing = await requireProject(ctx.db, id);
  checkImageCount(files.length);
  return writeWithImages(ctx, files, 'project', async (trx, mediaIds) => {
    let replaced: Awaited<ReturnType<typeof detachImages>> = [];
    const columns = toColumns(fields, existing.publishedAt);
    if (mediaIds.length > 0) {
      replaced = await detachImages(trx, id, await projectMediaIds(trx, id));
      await attachImages(trx, id, mediaIds, options.alts);
      Object.assign(columns, { coverMediaId: mediaIds[0] });
    }
    await trx
      .updateTable('projects')
      .set({ ...columns, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    return { result: await requireProject(trx, id), replaced };
  });
}

/**
 * Deletes a project's row (its image links go with it) and answers the media ids it held, for the caller to delete
 * in the same change. With `unchangedSince`, only while its `updatedAt` is still that: answers null otherwise.
 */
export async function deleteProjectRow(
  trx: ContentTransaction,
  id: number,
  unchangedSince?: string,
): Promise<number[] | null> {
  const mediaIds = await projectMediaIds(trx, id);
  let query = trx.deleteFrom('projects').where('id', '=', id);
  if (unchangedSince !== undefined) query = query.where('updatedAt', '=', unchangedSince);
  const { numDeletedRows } = await query.executeTakeFirst();
  return Number(numDeletedRows) === 1 ? mediaIds : null;
}

/** Moves a project to the Trash, with its images, flags and place (DELETE /api/projects/{id}). */
export async function deleteProject(ctx: ServiceContext, id: number): Promise<void> {
  await changeContent(ctx.db, async (trx) => {
    if ((await moveToTrash(trx, 'projects', [id])) === 0) throw notFound(MESSAGES.projectNotFound);
  });
}

async function findProjectImage(db: Db, projectId: number, imageUrl: string) {
  const stored = toStoredImagePath(imageUrl);
  const row = await db
    .selectFrom('projectImages')
    .innerJoin('mediaItems', 'mediaItems.id', 'projectImages.mediaId')
    .select(['projectImages.mediaId'])
    .where('projectImages.projectId', '=', projectId)
    .where('mediaItems.path', '=', stored)
    .executeTakeFirst();
  if (!row) throw new AppError(400, MESSAGES.imageNotInProject);
  return row.mediaId;
}

export async function setProjectCover(ctx: ServiceContext, id: number, imageUrl: string): Promise<Project> {
  await requireProject(ctx.db, id);
  return changeContent(ctx.db, async (trx) => {
    const mediaId = await findProjectImage(trx, id, imageUrl);
    await trx
      .updateTable('projects')
      .set({ coverMediaId: mediaId, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    return requireProject(trx, id);
  });
}

export async function removeProjectImage(ctx: ServiceContext, id: number, imageUrl: string): Promise<Project> {
  await requireProject(ctx.db, id);
  const { project, removed } = await changeContent(ctx.db, async (trx) => {
    const mediaId = await findProjectImage(trx, id, imageUrl);
    const remaining = await projectMediaIds(trx, id);
    if (remaining.length <= 1) throw new AppError(400, MESSAGES.lastProjectImage);
    const rows = await detachImages(trx, id, [mediaId]);
    await trx.updateTable('projects').set({ updatedAt: nowIso() }).where('id', '=', id).execute();
    return { project: await requireProject(trx, id), removed: rows };
  });
  await deleteImageFiles(ctx.storage, removed);
  return project;
}

export async function addProjectImages(
  ctx: ServiceContext,
  id: number,
  files: UploadedFile[],
  options: ProjectImageOptions = {},
): Promise<{ project: Project; newImages: string[] }> {
  const existing = await requireProject(ctx.db, id);
  if (files.length === 0) throw new AppError(400, MESSAGES.selectImagesToUpload);
  checkImageCount(existing.images.length + files.length);
  return writeWithImages(ctx, files, 'project', async (trx, mediaIds) => {
    // Re-checked inside the transaction: a concurrent add may have landed meanwhile.
    checkImageCount((await projectMediaIds(trx, id)).length + mediaIds.length);
    await attachImages(trx, id, mediaIds, options.alts);
    await trx.updateTable('projects').set({ updatedAt: nowIso() }).where('id', '=', id).execute();
    const project = await requireProject(trx, id);
    const added = await findMediaItems(trx, mediaIds);
    const pathById = new Map(added.map((row) => [row.id, row.path]));
    return { result: { project, newImages: mediaIds.map((mediaId) => pathById.get(mediaId)!) }, replaced: [] };
  });
}

/**
 * Moves one image of a project's gallery next to another (decision 041). Paths name one media row each for good,
 * so they are resolved before the move; a neighbour no longer in the project is the move's 409.
 */
export async function moveProjectImage(ctx: ServiceContext, id: number, input: unknown): Promise<void> {
  const { imageUrl, after, before } = parseInput(projectImageMoveSchema, input);
  await requireProject(ctx.db, id);
  const mediaId = await findProjectImage(ctx.db, id, imageUrl);
  const neighbour = async (url: string | null | undefined) => {
    if (url == null) return null;
    const found = await findProjectImage(ctx.db, id, url).catch(() => undefined);
    if (found === undefined) throw new AppError(409, MESSAGES.orderChanged);
    return found;
  };
  await moveInOrder(ctx, projectImagesOrder(id), mediaId, {
    after: await neighbour(after),
    before: await neighbour(before),
  });
}

/**
 * The image manager's order and alt texts, written at once: `images` must name
 * every current image of the project exactly once. The cover stays as it is.
 */
export async function arrangeProjectImages(
  ctx: ServiceContext,
  id: number,
  images: ProjectImagesArrangement,
): Promise<Project> {
  await requireProject(ctx.db, id);
  return changeContent(ctx.db, async (trx) => {
    const current = await trx
      .selectFrom('projectImages')
      .innerJoin('mediaItems', 'mediaItems.id', 'projectImages.mediaId')
      .select(['projectImages.mediaId', 'mediaItems.path'])
      .where('projectImages.projectId', '=', id)
      .execute();
    const mediaIdByPath = new Map(current.map((row) => [row.path, row.mediaId]));
    const mediaIds = images.map((image) => mediaIdByPath.get(toStoredImagePath(image.imageUrl)));
    const complete = images.length === current.length && new Set(mediaIds).size === current.length;
    if (!complete || mediaIds.includes(undefined)) throw new AppError(400, MESSAGES.imagesMustMatchProject);
    for (const [at, image] of images.entries()) {
      await trx
        .updateTable('projectImages')
        .set({ alt: image.alt })
        .where('projectId', '=', id)
        .where('mediaId', '=', mediaIds[at]!)
        .execute();
    }
    await writeOrder(trx, projectImagesOrder(id), mediaIds as number[]);
    await trx.updateTable('projects').set({ updatedAt: nowIso() }).where('id', '=', id).execute();
    return requireProject(trx, id);
  });
}
