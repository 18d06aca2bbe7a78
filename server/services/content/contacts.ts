import { type ExpressionBuilder, sql } from 'kysely';
import {
  CONTACT_MIN_FILL_MS,
  type ContactStatus,
  INBOX_PAGE_SIZE,
  type NotificationState,
  type OutboxKind,
  type SpamReason,
} from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import {
  contactIdsSchema,
  contactMessageSchema,
  contactUpdateSchema,
  type InboxQuery,
  inboxQuerySchema,
} from '../../../core/schemas/contact.schema';
import type { ContactMessage, ContactMessagePage } from '../../../core/types';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { nowIso, type ServiceContext } from '../context';
import { AppError, notFound, parseInput } from '../errors';
import { queueContactNotification, queueFloodSummary } from '../mail/contact-email-queue';
import { classifySmtpDetail } from '../mail/smtp-failure';
import { lockCounter, takeRateLimit } from '../limits/rate-limit';
import { moveToTrash } from '../trash/move-to-trash';
import { countSpamNotKept, spamCeilingReached } from './spam';

/**
 * With the e-mail sender, woken once a message's e-mail is queued (the ServerContext's), named by shape so that
 * this module does not import the sender, which imports it.
 */
type NotifyingContext = ServiceContext & { readonly notifier?: { wake: () => void } };

/** The lock that serialises the hourly count of the site's messages with the insert it decides. */
const FLOOD_COUNTER = ['contact-flood', 'site'] as const;

/**
 * Whether a message arriving now is past the site's hourly count (config.contactFlood): the messages that went
 * to the inbox in the last hour, counted in the transaction that stores this one, after storeInTurn.
 */
async function isFlooding(ctx: ServiceContext, trx: Db, now: Date): Promise<boolean> {
  const { max, windowMs } = ctx.config.contactFlood;
  const row = await trx
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('createdAt', '>', new Date(now.getTime() - windowMs).toISOString())
    .where('spamReason', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0) >= max;
}

/**
 * Stores a visitor's message. One that a robot seems to have sent (its hidden field filled, or sent sooner than a
 * person could fill the form) is kept in Spam with the reason, and so is one past the site's hourly count
 * (queueFloodSummary): nothing a person sends is thrown away, as autofill can be that fast, up to SPAM_DAILY_MAX a
 * day in Spam; past that one is only counted (spam.ts). The sender is thanked either way, so a robot learns nothing.
 * Only a message for the inbox is e-mailed on its own.
 */
export async function createContactMessage(
  ctx: NotifyingContext,
  input: unknown,
  meta: { ip: string; now?: number },
): Promise<void> {
  const { website, formStartedAt, ...fields } = parseInput(contactMessageSchema, input);
  const now = meta.now ?? Date.now();
  // Counted per address and network, robots included, so a flood from one never closes the form for another, and
  // what a robot leaves in Spam is bounded as a person's messages are.
  await takeRateLimit(ctx, 'contact', meta.ip, now);
  const honeypotFilled = website !== undefined && website.trim() !== '';
  const sentTooSoon = formStartedAt !== undefined && now - formStartedAt < CONTACT_MIN_FILL_MS;
  const trapped: SpamReason | null = honeypotFilled ? 'honeypot' : sentTooSoon ? 'too-fast' : null;
  // The e-mail is queued with the message or not at all: no message is stored untold, none told unstored.
  await ctx.db.transaction().execute(async (trx) => {
    // Messages are stored one at a time (a lock on PostgreSQL; SQLite's write lock from BEGIN IMMEDIATE) and
    // stamped once their turn has come, so their times follow the order they were counted in: a flood's summary,
    // which counts from its first message's time, then sees every message stored after that one.
    await lockCounter(trx, ...FLOOD_COUNTER);
    const stamp = new Date();
    const spamReason: SpamReason | null = trapped ?? ((await isFlooding(ctx, trx, stamp)) ? 'flood' : null);
    if (spamReason && (await spamCeilingReached(trx, stamp, ctx.config.siteTimeZone))) {
      await countSpamNotKept(trx, stamp, ctx.config.siteTimeZone);
      return;
    }
    const { id } = await trx
      .insertInto('contacts')
      .values({
        ...fields,
        status: spamReason ? 'spam' : 'new',
        spamReason,
        ip: meta.ip,
        createdAt: stamp.toISOString(),
        updatedAt: stamp.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!ctx.config.notifications || trapped) return;
    if (spamReason) await queueFloodSummary(trx, id, stamp, ctx.config.contactFlood.windowMs);
    else await queueContactNotification(trx, id, stamp);
  });
  ctx.notifier?.wake();
}

/** The messages kept in Spam as a flood's between `from` and `to` (a summary's hour), deleted and trashed ones left out. */
export async function countFloodMessages(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('spamReason', '=', 'flood' satisfies SpamReason)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The messages with their e-mail's state: a left join, as a message that arrived with e-mail off has none. */
function selectContactRows(db: Db) {
  return db
    .selectFrom('contacts')
    .leftJoin('outbox', (join) =>
      join.onRef('outbox.contactId', '=', 'contacts.id').on('outbox.kind', '=', 'contact' satisfies OutboxKind),
    )
    .select([
      'contacts.id',
      'contacts.name',
      'contacts.email',
      'contacts.phone',
      'contacts.message',
      'contacts.status',
      'contacts.spamReason',
      'contacts.createdAt',
      'contacts.updatedAt',
      'outbox.state as notificationState',
      'outbox.attempts as notificationAttempts',
      'outbox.nextAttemptAt as notificationNextAttemptAt',
      'outbox.sentAt as notificationSentAt',
      'outbox.lastError as notificationLastError',
    ])
    .where('contacts.deletedAt', 'is', null)
    .orderBy('contacts.createdAt', 'desc')
    .orderBy('contacts.id', 'desc');
}

type ContactRow = Awaited<ReturnType<ReturnType<typeof selectContactRows>['execute']>>[number];

function toContactMessage(row: ContactRow): ContactMessage {
  const {
    notificationState: state,
    notificationAttempts: attempts,
    notificationNextAttemptAt: nextAttemptAt,
    notificationSentAt: sentAt,
    notificationLastError: lastError,
    ...message
  } = row;
  return {
    ...message,
    status: message.status as ContactStatus,
    spamReason: message.spamReason as SpamReason | null,
    notification:
      state === null
        ? null
        : {
            state: state as NotificationState,
            attempts: attempts ?? 0,
            nextAttemptAt: nextAttemptAt ?? '',
            sentAt,
            lastFailure: lastError === null ? null : classifySmtpDetail(lastError),
          },
  };
}

/** Every message, newest first: GET /api/contacts without paging, as SPEC section 7 has it. */
export async function listContactMessages(ctx: ServiceContext): Promise<ContactMessage[]> {
  return (await selectContactRows(ctx.db).execute()).map(toContactMessage);
}

/** LIKE's own wildcards in a search are searched for as themselves. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The messages of one view that match the search; lower() on both sides, as PostgreSQL's LIKE minds case. */
function inboxFilter(query: InboxQuery) {
  return (eb: ExpressionBuilder<Database, 'contacts' | 'outbox'>) => {
    const view = query.view === 'spam' ? eb('contacts.status', '=', 'spam') : eb('contacts.status', '!=', 'spam');
    if (query.q === '') return view;
    const pattern = likePattern(query.q);
    const matches = (['contacts.name', 'contacts.email', 'contacts.phone', 'contacts.message'] as const).map(
      (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
    );
    return eb.and([view, eb.or(matches)]);
  };
}

/**
 * One page of the inbox or the spam, newest first. A page past the last gives the last (after a bulk delete
 * emptied it, say), so a kept link never shows an empty inbox that is not.
 */
export async function listContactMessagePage(ctx: ServiceContext, input: unknown): Promise<ContactMessagePage> {
  const query = parseInput(inboxQuerySchema, input);
  const filter = inboxFilter(query);
  const counted = await ctx.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('contacts.deletedAt', 'is', null)
    .where(filter)
    .executeTakeFirst();
  const total = Number(counted?.count ?? 0);
  const page = Math.min(query.page, Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)));
  const rows = await selectContactRows(ctx.db)
    .where(filter)
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE)
    .execute();
  return {
    data: rows.map(toContactMessage),
    view: query.view,
    q: query.q,
    page,
    pageSize: INBOX_PAGE_SIZE,
    total,
  };
}

export async function updateContactMessage(ctx: ServiceContext, id: number, input: unknown): Promise<ContactMessage> {
  const change = parseInput(contactUpdateSchema, input);
  const status: ContactStatus = change.status ?? (change.read ? 'read' : 'new');
  const result = await ctx.db
    .updateTable('contacts')
    .set({ status, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(MESSAGES.contactNotFound);
  return readContactMessage(ctx.db, id);
}

async function readContactMessage(db: Db, id: number): Promise<ContactMessage> {
  return toContactMessage(await selectContactRows(db).where('contacts.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Send it now: queues the e-mail of a message that has none, as one taken for spam as it arrived has
 * (createContactMessage e-mails no trapped message), once the owner has moved it out of Spam. The sender then
 * tells it as any other, and the inbox shows it sending, sent or failed.
 */
export async function sendContactNotificationNow(ctx: NotifyingContext, id: number): Promise<ContactMessage> {
  if (!ctx.config.notifications) throw new AppError(409, MESSAGES.notificationsOff);
  await ctx.db.transaction().execute(async (trx) => {
    const contact = await trx.selectFrom('contacts').select('status').where('id', '=', id).executeTakeFirst();
    if (!contact) throw notFound(MESSAGES.contactNotFound);
    if (contact.status === 'spam') throw new AppError(409, MESSAGES.notificationFromSpam);
    if (!(await queueContactNotification(trx, id, new Date()))) {
      throw new AppError(409, MESSAGES.notificationQueuedAlready);
    }
  });
  ctx.notifier?.wake();
  return readContactMessage(ctx.db, id);
}

/** Moves a message to the Trash. Messages are not public content: no content change. */
export async function deleteContactMessage(ctx: ServiceContext, id: number): Promise<void> {
  if ((await moveToTrash(ctx.db, 'contacts', [id])) === 0) throw notFound(MESSAGES.contactNotFound);
}

/** Moves the messages named to the Trash, in one statement; ids gone or trashed already are skipped. Returns how many went. */
export async function deleteContactMessages(ctx: ServiceContext, input: unknown): Promise<number> {
  const { ids } = parseInput(contactIdsSchema, input);
  return moveToTrash(ctx.db, 'contacts', [...new Set(ids)]);
}

export async function countNewContactMessages(ctx: ServiceContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'new')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
