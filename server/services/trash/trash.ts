import { DAY_MS, TRASH_KINDS, TRASH_RETENTION_DAYS, type TrashKind } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import type { TrashItem } from '../../../core/types';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../context';
import { deleteBlogRow } from '../content/blogs';
import { deleteClientRow } from '../content/clients';
import { deleteProjectRow } from '../content/projects';
import { deleteTeamMemberRow } from '../content/team-members';
import { notFound } from '../errors';
import { deleteWithOwnedImages } from '../media/media';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import { type Repeating, repeating } from '../repeating';
import type { TrashTable } from './move-to-trash';

/**
 * The Trash (issue 35, decision 036): what the owner deleted, kept TRASH_RETENTION_DAYS with its images, then
 * deleted for good by the upkeep; Restore clears `deletedAt`, Delete forever deletes the rows in one transaction,
 * then the files no row names any more.
 */

/** Public content, one kind each: the table, and the delete that answers the media ids the row held. */
const CONTENT_KINDS = {
  project: { table: 'projects', deleteRow: deleteProjectRow },
  blog: { table: 'blogs', deleteRow: deleteBlogRow },
  client: { table: 'clients', deleteRow: deleteClientRow },
  'team-member': { table: 'teamMembers', deleteRow: deleteTeamMemberRow },
  // A library image is its own media row: deleting its media id is deleting it.
  media: { table: 'mediaItems', deleteRow: (_trx: ContentTransaction, id: number) => Promise.resolve([id]) },
} as const satisfies Record<
  Exclude<TrashKind, 'contact'>,
  { table: TrashTable; deleteRow: (trx: ContentTransaction, id: number) => Promise<number[] | null> }
>;

function tableOf(kind: TrashKind): TrashTable {
  return kind === 'contact' ? 'contacts' : CONTENT_KINDS[kind].table;
}

export function parseTrashKind(kind: string): TrashKind {
  if (!(TRASH_KINDS as readonly string[]).includes(kind)) throw notFound(MESSAGES.trashKindUnknown);
  return kind as TrashKind;
}

function purgeTime(trashedAt: string): string {
  return new Date(Date.parse(trashedAt) + TRASH_RETENTION_DAYS * DAY_MS).toISOString();
}

/** What is in the Trash, newest first. */
export async function listTrash(ctx: ServiceContext): Promise<TrashItem[]> {
  const db = ctx.db;
  const [projects, blogs, clients, members, contacts, media] = await Promise.all([
    db
      .selectFrom('projects')
      .leftJoin('mediaItems', 'mediaItems.id', 'projects.coverMediaId')
      .select(['projects.id', 'projects.title', 'projects.deletedAt', 'mediaItems.path'])
      .where('projects.deletedAt', 'is not', null)
      .execute(),
    db
      .selectFrom('blogs')
      .leftJoin('mediaItems', 'mediaItems.id', 'blogs.imageMediaId')
      .select(['blogs.id', 'blogs.title', 'blogs.deletedAt', 'mediaItems.path'])
      .where('blogs.deletedAt', 'is not', null)
      .execute(),
    db
      .selectFrom('clients')
      .leftJoin('mediaItems', 'mediaItems.id', 'clients.logoMediaId')
      .select(['clients.id', 'clients.name as title', 'clients.deletedAt', 'mediaItems.path'])
      .where('clients.deletedAt', 'is not', null)
      .execute(),
    db
      .selectFrom('teamMembers')
      .leftJoin('mediaItems', 'mediaItems.id', 'teamMembers.imageMediaId')
      .select(['teamMembers.id', 'teamMembers.name as title', 'teamMembers.deletedAt', 'mediaItems.path'])
      .where('teamMembers.deletedAt', 'is not', null)
      .execute(),
    db.selectFrom('contacts').select(['id', 'name as title', 'deletedAt']).where('deletedAt', 'is not', null).execute(),
    db
      .selectFrom('mediaItems')
      .select(['id', 'name as title', 'deletedAt', 'path'])
      .where('deletedAt', 'is not', null)
      .execute(),
  ]);
  const items = (
    kind: TrashKind,
    rows: { id: number; title: string; deletedAt: string | null; path?: string | null }[],
  ) =>
    rows.map((row): TrashItem => ({
      kind,
      id: row.id,
      title: row.title,
      trashedAt: row.deletedAt!,
      purgeAt: purgeTime(row.deletedAt!),
      thumbnail: row.path ?? null,
    }));
  return [
    ...items('project', projects),
    ...items('blog', blogs),
    ...items('client', clients),
    ...items('team-member', members),
    ...items('contact', contacts),
    ...items('media', media),
  ].sort((a, b) => b.trashedAt.localeCompare(a.trashedAt) || b.id - a.id);
}

/**
 * Takes an item out of the Trash: every value it had is still in its row (flags, order, images), so it comes back
 * where it was. Public content in a content change, so every cached page shows it again at once.
 */
export async function restoreFromTrash(ctx: ServiceContext, kind: TrashKind, id: number): Promise<void> {
  const restore = async (db: Db) => {
    const result = await db
      .updateTable(tableOf(kind))
      .set({ deletedAt: null })
      .where('id', '=', id)
      .where('deletedAt', 'is not', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(MESSAGES.trashItemNotFound);
  };
  await (kind === 'contact' ? restore(ctx.db) : changeContent(ctx.db, restore));
}

/** Which trashed rows to delete for good: one item, or every one trashed before a time, or (with none) all. */
type Selection = { kind: TrashKind; id: number } | { trashedBefore?: string };

function trashedIds(db: Db, kind: TrashKind, selection: Selection): Promise<{ id: number }[]> {
  let query = db.selectFrom(tableOf(kind)).select('id').where('deletedAt', 'is not', null);
  if ('id' in selection) {
    if (selection.kind !== kind) return Promise.resolve([]);
    query = query.where('id', '=', selection.id);
  } else if (selection.trashedBefore !== undefined) {
    query = query.where('deletedAt', '<', selection.trashedBefore);
  }
  return query.execute();
}

const contentKinds = Object.keys(CONTENT_KINDS) as (keyof typeof CONTENT_KINDS)[];

/**
 * Deletes what `selection` names from the Trash for good, and answers how many items went. The content's rows go in
 * one content change, with the media rows they held; the files after it commits. Nothing is changed (so no cached
 * page is dropped) when nothing matches, as at most of the upkeep's rounds.
 */
async function deleteTrashed(ctx: ServiceContext, selection: Selection): Promise<number> {
  let deleted = 0;
  const found = await Promise.all(contentKinds.map((kind) => trashedIds(ctx.db, kind, selection)));
  if (found.some((rows) => rows.length > 0)) {
    await deleteWithOwnedImages(ctx, async (trx) => {
      const mediaIds: number[] = [];
      for (const kind of contentKinds) {
        for (const { id } of await trashedIds(trx, kind, selection)) {
          const owned = await CONTENT_KINDS[kind].deleteRow(trx, id);
          if (owned) mediaIds.push(...owned);
          deleted += 1;
        }
      }
      return mediaIds;
    });
  }
  const contacts = (await trashedIds(ctx.db, 'contact', selection)).map((row) => row.id);
  if (contacts.length > 0) {
    const result = await ctx.db
      .deleteFrom('contacts')
      .where('id', 'in', contacts)
      .where('deletedAt', 'is not', null)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** Delete forever: one item of the Trash, its images' files after its rows. */
export async function deleteFromTrash(ctx: ServiceContext, kind: TrashKind, id: number): Promise<void> {
  if ((await deleteTrashed(ctx, { kind, id })) === 0) throw notFound(MESSAGES.trashItemNotFound);
}

/** Empties the Trash; answers how many items went. */
export async function emptyTrash(ctx: ServiceContext): Promise<number> {
  return deleteTrashed(ctx, {});
}

/** Deletes for good what has been in the Trash TRASH_RETENTION_DAYS or more by `now`; answers how many went. */
export async function purgeExpiredTrash(ctx: ServiceContext, now = Date.now()): Promise<number> {
  return deleteTrashed(ctx, { trashedBefore: new Date(now - TRASH_RETENTION_DAYS * DAY_MS).toISOString() });
}

/** How often the server purges the Trash (the first worker of each instance). */
const TRASH_UPKEEP_EVERY_MS = 60 * 60 * 1000;

/** Runs purgeExpiredTrash now and every hour until stopped; a failure is logged and tried again later. */
export function startTrashUpkeep(ctx: ServiceContext, now: () => number = Date.now): Repeating {
  return repeating(() => purgeExpiredTrash(ctx, now()), {
    everyMs: TRASH_UPKEEP_EVERY_MS,
    failure: 'old trash not deleted',
  });
}
