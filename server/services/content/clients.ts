import { type ClientCategory, type ClientStatus, PUBLIC_CLIENT_STATUS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { clientCreateSchema, clientUpdateSchema } from '../../../core/schemas/client.schema';
import type { Client } from '../../../core/types';
import type { Db } from '../../db/database';
import { changeContent, type ContentTransaction } from '../cache/content-version';
import { moveToTrash } from '../trash/move-to-trash';
import { nowIso, type ServiceContext, type UploadedFile } from '../context';
import { notFound, parseInput } from '../errors';
import { findMediaItems, toImageDetails, writeWithImages } from '../media/media';
import { deleteSingleImageOwner, releaseReplacedImage } from '../media/single-image';
import { CLIENTS_ORDER, keyAtEnd } from './manual-order';

const CLIENT_COLUMNS = [
  'id',
  'name',
  'description',
  'website',
  'category',
  'status',
  'logoMediaId',
  'createdAt',
] as const;

interface ClientFilter {
  id?: number;
  /** Inactive and Pending clients too: the administrator's view. */
  includeInactive?: boolean;
  /** Newest first instead of the owner's order: for "the most recent" lists. */
  newestFirst?: boolean;
}

async function selectClients(
  db: Db,
  { id, includeInactive = false, newestFirst = false }: ClientFilter,
): Promise<Client[]> {
  let query = db.selectFrom('clients').select(CLIENT_COLUMNS).where('deletedAt', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  if (!includeInactive) query = query.where('status', '=', PUBLIC_CLIENT_STATUS);
  query = newestFirst
    ? query.orderBy('createdAt', 'desc').orderBy('id', 'desc')
    : query.orderBy('sortKey').orderBy('id');
  const rows = await query.execute();
  const logos = await findMediaItems(
    db,
    rows.flatMap((row) => (row.logoMediaId === null ? [] : [row.logoMediaId])),
  );
  const logoById = new Map(logos.map((logo) => [logo.id, logo]));
  return rows.map((row) => {
    const logo = row.logoMediaId === null ? undefined : logoById.get(row.logoMediaId);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      website: row.website,
      category: row.category as ClientCategory,
      status: row.status as ClientStatus,
      logo: logo?.path ?? '',
      logoDetails: logo ? toImageDetails(logo, `${row.name} logo`) : null,
      createdAt: row.createdAt,
    };
  });
}

/** Active clients only unless `includeInactive` (the administrator's view); in the owner's order (decision 041). */
export async function listClients(ctx: ServiceContext, options: Omit<ClientFilter, 'id'> = {}): Promise<Client[]> {
  return selectClients(ctx.db, options);
}

/** An Inactive or Pending client is the administrator's: visitors are told it does not exist. */
export async function getClient(
  ctx: ServiceContext,
  id: number,
  options: { includeInactive?: boolean } = {},
): Promise<Client | null> {
  const [client] = await selectClients(ctx.db, { ...options, id });
  return client ?? null;
}

async function requireClient(db: Db, id: number): Promise<Client> {
  const [client] = await selectClients(db, { id, includeInactive: true });
  if (!client) throw notFound(MESSAGES.clientNotFound);
  return client;
}

export async function createClient(ctx: ServiceContext, input: unknown, logo?: UploadedFile): Promise<Client> {
  const fields = parseInput(clientCreateSchema, input);
  return writeWithImages(ctx, logo ? [logo] : [], 'client', async (trx, [logoMediaId]) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('clients')
      .values({
        ...fields,
        logoMediaId: logoMediaId ?? null,
        createdAt: now,
        updatedAt: now,
        // A new client leads the list, as it did when the list was newest first.
        sortKey: await keyAtEnd(trx, CLIENTS_ORDER, 'start'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { result: await requireClient(trx, id), replaced: [] };
  });
}

export async function updateClient(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  logo?: UploadedFile,
): Promise<Client> {
  const fields = parseInput(clientUpdateSchema, input);
  await requireClient(ctx.db, id);
  return writeWithImages(ctx, logo ? [logo] : [], 'client', async (trx, [logoMediaId]) => {
    const old = await trx.selectFrom('clients').select('logoMediaId').where('id', '=', id).executeTakeFirstOrThrow();
    await trx
      .updateTable('clients')
      .set({ ...fields, ...(logoMediaId === undefined ? {} : { logoMediaId }), updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    const replaced = await releaseReplacedImage(trx, old.logoMediaId, logoMediaId);
    return { result: await requireClient(trx, id), replaced };
  });
}

/** A client's row, for `deleteSingleImageOwner`: see there. */
export function deleteClientRow(trx: ContentTransaction, id: number, unchangedSince?: string) {
  return deleteSingleImageOwner(trx, { table: 'clients', image: 'logoMediaId' }, id, unchangedSince);
}

/** Moves a client to the Trash, with its logo (DELETE /api/clients/{id}). */
export async function deleteClient(ctx: ServiceContext, id: number): Promise<void> {
  await changeContent(ctx.db, async (trx) => {
    if ((await moveToTrash(trx, 'clients', [id])) === 0) throw notFound(MESSAGES.clientNotFound);
  });
}
