import { NOTIFY_RETRY, type NotificationState, type OutboxKind } from '../../../core/constants';
import type { Db } from '../../db/database';

/** The longest failure text kept: enough for an SMTP server's answer, never a whole stack. */
const LAST_ERROR_MAX_LENGTH = 500;

/** How long to wait after the `attempts`-th failed attempt: the base doubled per attempt, up to the cap. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), NOTIFY_RETRY.retryMaxMs);
}

/**
 * Queues the e-mail about a contact message, unless it has an outbox row already (a message has one at most);
 * whether it did. Called inside the transaction that stores the message, or by Send it now.
 */
export async function queueContactNotification(trx: Db, contactId: number, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const queued = await trx
    .insertInto('outbox')
    .values({ contactId, state: 'pending', attempts: 0, nextAttemptAt: stamp, createdAt: stamp })
    .onConflict((conflict) => conflict.column('contactId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return queued !== undefined;
}

/**
 * Queues the summary e-mail of a flood, unless one is queued for this hour already; called in the transaction
 * that stores a message past the site's hourly count (contacts.ts). It hangs on that message and is due when
 * the hour from it is over, so it can count every message the flood brought in that hour.
 */
export async function queueFloodSummary(trx: Db, contactId: number, now: Date, windowMs: number): Promise<void> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const open = await trx
    .selectFrom('outbox')
    .select('id')
    .where('kind', '=', 'flood-summary' satisfies OutboxKind)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  if (open) return;
  await trx
    .insertInto('outbox')
    .values({
      contactId,
      kind: 'flood-summary' satisfies OutboxKind,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(now.getTime() + windowMs).toISOString(),
      createdAt: now.toISOString(),
    })
    .execute();
}

export interface ClaimedNotification {
  id: number;
  contactId: number;
  kind: OutboxKind;
  /** When it was queued: a flood summary counts the hour from then. */
  createdAt: string;
  attempts: number;
  /** The claim's end: every later write checks it still holds, so a row claimed again elsewhere is left alone. */
  claimedUntil: string;
}

/**
 * Takes the e-mails that are due. Each is claimed with a conditional UPDATE that moves its next attempt past
 * the claim: of several servers reading the same row, one changes it and the others change nothing.
 */
export async function claimDueNotifications(db: Db, now: Date, limit: number): Promise<ClaimedNotification[]> {
  const due = await db
    .selectFrom('outbox')
    .select(['id', 'contactId', 'kind', 'createdAt', 'attempts', 'nextAttemptAt'])
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', now.toISOString())
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
  const claimedUntil = new Date(now.getTime() + NOTIFY_RETRY.claimMs).toISOString();
  const claimed: ClaimedNotification[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('outbox')
      .set({ nextAttemptAt: claimedUntil })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where('nextAttemptAt', '=', row.nextAttemptAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      const { id, contactId, createdAt, attempts } = row;
      claimed.push({ id, contactId, kind: row.kind as OutboxKind, createdAt, attempts, claimedUntil });
    }
  }
  return claimed;
}

/** When the next pending e-mail is due, if any: the sender sleeps until then (or its poll, if sooner). */
export async function nextNotificationDueAt(db: Db): Promise<Date | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('nextAttemptAt').as('due'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return row?.due ? new Date(row.due) : undefined;
}

export async function recordNotificationSent(db: Db, claim: ClaimedNotification, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ state: 'sent', attempts: claim.attempts + 1, sentAt: now.toISOString(), lastError: null })
    .where('id', '=', claim.id)
    .where('nextAttemptAt', '=', claim.claimedUntil)
    .execute();
}

/**
 * Counts a failed attempt: pending again after the back-off, or failed for good when the SMTP server said
 * never (`permanent`) or the attempts ran out.
 */
export async function recordNotificationFailed(
  db: Db,
  claim: ClaimedNotification,
  failure: { error: string; permanent: boolean; retryBaseMs: number; now: Date },
): Promise<NotificationState> {
  const attempts = claim.attempts + 1;
  const state: NotificationState = failure.permanent || attempts >= NOTIFY_RETRY.maxAttempts ? 'failed' : 'pending';
  const nextAttemptAt = new Date(failure.now.getTime() + retryDelayMs(attempts, failure.retryBaseMs)).toISOString();
  await db
    .updateTable('outbox')
    .set({ state, attempts, nextAttemptAt, lastError: failure.error.slice(0, LAST_ERROR_MAX_LENGTH) })
    .where('id', '=', claim.id)
    .where('nextAttemptAt', '=', claim.claimedUntil)
    .execute();
  return state;
}
