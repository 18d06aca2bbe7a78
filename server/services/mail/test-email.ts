import { TEST_EMAIL_TIMEOUT_MS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import type { EmailNotificationStatus, TestEmailResult } from '../../../core/types';
import type { Config } from '../../config';
import { logEvent } from '../../log';
import { getSiteSettings } from '../content/settings';
import type { ServiceContext } from '../context';
import { AppError } from '../errors';
import { takeRateLimit } from '../limits/rate-limit';
import { composeTestEmail } from './contact-email';
import { classifySmtpError } from './smtp-failure';
import { createSmtpTransport } from './smtp-transport';

/**
 * Whether messages are e-mailed, to whom and through which server, as Settings shows it: the host alone, since
 * SMTP_URL carries the user name and password (decision 021).
 */
export function emailNotificationStatus(config: Pick<Config, 'notifications'>): EmailNotificationStatus {
  const notifications = config.notifications;
  if (!notifications) return { on: false };
  const { to, from, smtpUrl } = notifications;
  return { on: true, to, from, host: new URL(smtpUrl).hostname };
}

/**
 * Sends one e-mail to NOTIFY_EMAIL now, as the e-mails about messages go, and says whether the mail server took
 * it or, in plain words, why not. The owner waits for it, so it gives up after TEST_EMAIL_TIMEOUT_MS; a few a
 * minute at most (RATE_LIMITS.testEmail), as each one lands in the owner's mailbox.
 */
export async function sendTestEmail(ctx: ServiceContext, meta: { ip: string }): Promise<TestEmailResult> {
  const notifications = ctx.config.notifications;
  if (!notifications) throw new AppError(409, MESSAGES.notificationsOff);
  await takeRateLimit(ctx, 'testEmail', meta.ip);
  const { brandName } = await getSiteSettings(ctx);
  const sentAt = new Date().toISOString();
  const site = { brandName, siteUrl: ctx.config.siteUrl, timeZone: ctx.config.siteTimeZone };
  const transport = createSmtpTransport(notifications);
  try {
    await transport.sendMail({
      ...composeTestEmail(sentAt, site, notifications),
      signal: AbortSignal.timeout(TEST_EMAIL_TIMEOUT_MS),
    });
    return { sent: true, to: notifications.to, sentAt };
  } catch (error) {
    const failure = classifySmtpError(error);
    logEvent('warn', 'test e-mail not sent', { failure: failure.kind, error: failure.detail });
    return { sent: false, to: notifications.to, failure };
  } finally {
    transport.close();
  }
}
