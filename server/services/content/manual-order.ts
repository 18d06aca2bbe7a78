import { type Kysely, sql } from 'kysely';
import { MESSAGES } from '../../../core/messages';
import { type OrderMove, orderMoveSchema } from '../../../core/schemas/order.schema';
import type { Db } from '../../db/database';
import { usesPostgres } from '../../db/dialect';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import type { ServiceContext } from '../context';
import { AppError, notFound, parseInput } from '../errors';
import { keyBetween, spreadKeys } from './sort-key';

/**
 * A list the owner orders (decision 041): the rows of `table` (those of one project, for its images), each with a
 * fractional `sortKey`. `id` names the column that tells its items apart.
 */
export interface OrderedList {
  table: 'projects' | 'projectImages' | 'clients' | 'teamMembers' | 'testimonials';
  id: 'id' | 'mediaId';
  projectId?: number;
  /** The 404 text for an item that is not in the list. */
  missing: string;
  /** Its rows go to the Trash (decision 036): one there is no longer in the list. */
  trashable?: true;
}

export const PROJECTS_ORDER: OrderedList = {
  table: 'projects',
  id: 'id',
  missing: MESSAGES.projectNotFound,
  trashable: true,
};
export const CLIENTS_ORDER: OrderedList = {
  table: 'clients',
  id: 'id',
  missing: MESSAGES.clientNotFound,
  trashable: true,
};
export const TEAM_ORDER: OrderedList = {
  table: 'teamMembers',
  id: 'id',
  missing: MESSAGES.teamMemberNotFound,
  trashable: true,
};
export const TESTIMONIALS_ORDER: OrderedList = {
  table: 'testimonials',
  id: 'id',
  missing: MESSAGES.testimonialNotFound,
};
export function projectImagesOrder(projectId: number): OrderedList {
  return { table: 'projectImages', id: 'mediaId', projectId, missing: MESSAGES.imageNotInProject };
}

/** The columns every ordered table has, as one table type: which table is named at run time. */
type OrderedRows = Kysely<{
  ordered: { id: number; mediaId: number; projectId: number; sortKey: string; deletedAt: string | null };
}>;

function rowsOf(db: Db, list: OrderedList) {
  let query = (db as unknown as OrderedRows).selectFrom(list.table as 'ordered');
  if (list.projectId !== undefined) query = query.where('projectId', '=', list.projectId);
  return query;
}

/**
 * The key of one item, or undefined when it is not in the list (or in the Trash). Trashed rows keep their keys, so
 * a restored item comes back to its place, and may stay between two others: a key between those is still in order.
 */
async function keyOf(db: Db, list: OrderedList, id: number): Promise<string | undefined> {
  let query = rowsOf(db, list).select('sortKey').where(list.id, '=', id);
  if (list.trashable) query = query.where('deletedAt', 'is', null);
  return (await query.executeTakeFirst())?.sortKey;
}

/** The key nearest to `key` on one side, leaving out the item being moved; null at the list's end. */
async function neighbourKey(db: Db, list: OrderedList, key: string, side: 'after' | 'before', movedId: number) {
  const row = await rowsOf(db, list)
    .select('sortKey')
    .where('sortKey', side === 'after' ? '>' : '<', key)
    .where(list.id, '!=', movedId)
    .orderBy('sortKey', side === 'after' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.sortKey ?? null;
}

/** The key for a new item at one end of the list. */
export async function keyAtEnd(db: ContentTransaction, list: OrderedList, end: 'start' | 'end'): Promise<string> {
  const row = await rowsOf(db, list)
    .select('sortKey')
    .orderBy('sortKey', end === 'start' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return keyBetween(null, null);
  return end === 'start' ? keyBetween(null, row.sortKey) : keyBetween(row.sortKey, null);
}

async function writeKey(db: ContentTransaction, list: OrderedList, id: number, sortKey: string): Promise<void> {
  let query = (db as unknown as OrderedRows)
    .updateTable(list.table as 'ordered')
    .set({ sortKey })
    .where(list.id, '=', id);
  if (list.projectId !== undefined) query = query.where('projectId', '=', list.projectId);
  await query.execute();
}

/** Gives the items the order of `ids` (the whole list), for the forms that send a whole order at once. */
export async function writeOrder(db: ContentTransaction, list: OrderedList, ids: number[]): Promise<void> {
  const keys = spreadKeys(ids.length);
  for (const [at, id] of ids.entries()) await writeKey(db, list, id, keys[at]!);
}

/**
 * Moves within one list are one at a time: on PostgreSQL under a lock per table; SQLite transactions hold the
 * write lock from their start already (BEGIN IMMEDIATE, db/database.ts). So each move reads its neighbours'
 * keys as the moves before it left them.
 */
async function lockOrder(db: Db, list: OrderedList): Promise<void> {
  if (usesPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`order:${list.table}`}))`.execute(db);
}

/**
 * Puts one item right after `after` (or, without one, right before `before`), by giving it a key between that
 * neighbour's and the next one's: one row changes, whatever the list's length. A neighbour is read as it is now,
 * not as the owner saw it, so two people ordering at once end in one order, each item where its last move put
 * it. A neighbour that is no longer in the list is a 409: the owner's page is loaded again.
 */
export async function moveInOrder(ctx: ServiceContext, list: OrderedList, id: number, move: OrderMove): Promise<void> {
  const neighbour = move.after ?? move.before!;
  if (neighbour === id) throw new AppError(400, MESSAGES.orderPlacementInvalid);
  await changeContent(ctx.db, async (trx) => {
    await lockOrder(trx, list);
    if ((await keyOf(trx, list, id)) === undefined) throw notFound(list.missing);
    const anchor = await keyOf(trx, list, neighbour);
    if (anchor === undefined) throw new AppError(409, MESSAGES.orderChanged);
    const side = move.after != null ? 'after' : 'before';
    const other = await neighbourKey(trx, list, anchor, side, id);
    const sortKey = side === 'after' ? keyBetween(anchor, other) : keyBetween(other, anchor);
    await writeKey(trx, list, id, sortKey);
  });
}

/** One move of `PUT /api/<list>/{id}/position`, its body checked here. */
export async function moveItem(ctx: ServiceContext, list: OrderedList, id: number, input: unknown): Promise<void> {
  return moveInOrder(ctx, list, id, parseInput(orderMoveSchema, input));
}
