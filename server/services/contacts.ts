import { CONTACT_MIN_FILL_MS, type ContactStatus } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { contactMessageSchema, contactUpdateSchema } from '../../core/schemas/contact.schema';
import type { ContactMessage } from '../../core/types';
import type { Db } from '../db/database';
import { nowIso, type ServiceContext } from './context';
import { notFound, parseInput } from './errors';
import { takeRateLimit } from './rate-limit';

const CONTACT_COLUMNS = ['id', 'name', 'email', 'phone', 'message', 'status', 'createdAt', 'updatedAt'] as const;

/**
 * Stores a visitor's message. A filled honeypot, or a form sent sooner than a
 * person could fill it, is dropped without a word: the bot sees success.
 * Returns whether the message was stored.
 */
export async function createContactMessage(
  ctx: ServiceContext,
  input: unknown,
  meta: { ip: string; now?: number },
): Promise<boolean> {
  const { website, formStartedAt, ...fields } = parseInput(contactMessageSchema, input);
  const now = meta.now ?? Date.now();
  // Counted per address, bots included, so a flood from one address never closes the form for another.
  await takeRateLimit(ctx, 'contact', meta.ip, now);
  const honeypotFilled = website !== undefined && website.trim() !== '';
  const sentTooSoon = formStartedAt !== undefined && now - formStartedAt < CONTACT_MIN_FILL_MS;
  if (honeypotFilled || sentTooSoon) return false;
  const stamp = nowIso();
  await ctx.db
    .insertInto('contacts')
    .values({ ...fields, status: 'new', ip: meta.ip, createdAt: stamp, updatedAt: stamp })
    .execute();
  return true;
}

function toContactMessage(row: Awaited<ReturnType<typeof selectContacts>>[number]): ContactMessage {
  return { ...row, status: row.status as ContactStatus };
}

function selectContacts(db: Db, id?: number) {
  let query = db.selectFrom('contacts').select(CONTACT_COLUMNS);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function listContactMessages(ctx: ServiceContext): Promise<ContactMessage[]> {
  return (await selectContacts(ctx.db)).map(toContactMessage);
}

export async function updateContactMessage(ctx: ServiceContext, id: number, input: unknown): Promise<ContactMessage> {
  const change = parseInput(contactUpdateSchema, input);
  const status: ContactStatus = change.status ?? (change.read ? 'read' : 'new');
  const result = await ctx.db
    .updateTable('contacts')
    .set({ status, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(MESSAGES.contactNotFound);
  const [row] = await selectContacts(ctx.db, id);
  return toContactMessage(row!);
}

export async function deleteContactMessage(ctx: ServiceContext, id: number): Promise<void> {
  const result = await ctx.db.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(MESSAGES.contactNotFound);
}

export async function countNewContactMessages(ctx: ServiceContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'new')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
