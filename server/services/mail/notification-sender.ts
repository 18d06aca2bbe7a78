import type { SendMailOptions } from 'nodemailer';
import { NOTIFY_RETRY } from '../../../core/constants';
import type { NotificationConfig } from '../../config';
import { logEvent } from '../../log';
import { composeContactEmail, composeFloodSummaryEmail } from './contact-email';
import { countFloodMessages } from '../content/contacts';
import type { ServiceContext } from '../context';
import { repeating } from '../repeating';
import {
  type ClaimedNotification,
  claimDueNotifications,
  nextNotificationDueAt,
  recordNotificationFailed,
  recordNotificationSent,
} from './contact-email-queue';
import { getSiteSettings } from '../content/settings';
import { classifySmtpError } from './smtp-failure';
import { createSmtpTransport } from './smtp-transport';

/** E-mails one pass claims: a backlog after an outage goes out in small batches, each claim short-lived. */
const CLAIM_BATCH = 10;

export interface NotificationSender {
  /** A message was just queued: look now rather than at the next poll. */
  wake: () => void;
  /** Stops looking, and waits for an attempt under way. */
  stop: () => Promise<void>;
}

/** The SMTP server refused for good (5xx), so trying again would be refused again. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends the outbox's e-mails in the background of this server, from start-up: what was pending at a stop
 * or crash is sent after the restart. Each server looks every NOTIFY_RETRY.pollMs (or sooner, when a retry
 * falls due first); several servers sharing the database each claim rows before sending them.
 */
export function startNotificationSender(ctx: ServiceContext, notifications: NotificationConfig): NotificationSender {
  const transport = createSmtpTransport(notifications);
  let stopped = false;

  /** The e-mail a claimed row stands for, or null when its message was deleted or moved to the Trash since. */
  async function compose(claim: ClaimedNotification): Promise<SendMailOptions | null> {
    const { brandName } = await getSiteSettings(ctx);
    const site = { brandName, siteUrl: ctx.config.siteUrl, timeZone: ctx.config.siteTimeZone };
    if (claim.kind === 'flood-summary') {
      const { max, windowMs } = ctx.config.contactFlood;
      const to = new Date(Date.parse(claim.createdAt) + windowMs).toISOString();
      const count = await countFloodMessages(ctx.db, claim.createdAt, to);
      return composeFloodSummaryEmail({ count, hourlyMax: max, from: claim.createdAt, to }, site, notifications);
    }
    const contact = await ctx.db
      .selectFrom('contacts')
      .select(['name', 'email', 'phone', 'message', 'createdAt'])
      .where('id', '=', claim.contactId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return contact ? composeContactEmail(contact, site, notifications) : null;
  }

  async function send(claim: ClaimedNotification): Promise<void> {
    const email = await compose(claim);
    if (!email) return;
    try {
      await transport.sendMail(email);
      await recordNotificationSent(ctx.db, claim, new Date());
    } catch (error) {
      // The technical line is stored; the inbox words it plainly when it reads it (classifySmtpDetail).
      const failure = classifySmtpError(error);
      const state = await recordNotificationFailed(ctx.db, claim, {
        error: failure.detail,
        permanent: isPermanent(error),
        retryBaseMs: notifications.retryBaseMs,
        now: new Date(),
      });
      logEvent('warn', 'contact e-mail not sent', {
        contactId: claim.contactId,
        kind: claim.kind,
        attempt: claim.attempts + 1,
        willRetry: state === 'pending',
        failure: failure.kind,
        error: failure.detail,
      });
    }
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const claims = await claimDueNotifications(ctx.db, new Date(), CLAIM_BATCH);
      for (const claim of claims) await send(claim);
      if (claims.length < CLAIM_BATCH || stopped) return;
    }
  }

  async function nextWait(): Promise<number> {
    const pollMs = Math.min(NOTIFY_RETRY.pollMs, notifications.retryBaseMs);
    const due = await nextNotificationDueAt(ctx.db);
    return due ? Math.max(0, Math.min(pollMs, due.getTime() - Date.now())) : pollMs;
  }

  // A round that fails (the database unreachable, say) is logged by repeating, and the next comes at the next poll.
  const rounds = repeating(() => sendDue().then(nextWait), {
    everyMs: NOTIFY_RETRY.pollMs,
    failure: 'contact e-mail sender failed',
  });
  return {
    wake: () => void rounds.run(),
    stop: async () => {
      stopped = true;
      await rounds.stop();
      transport.close();
    },
  };
}
