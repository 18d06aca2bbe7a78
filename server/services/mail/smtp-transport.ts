import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { NotificationConfig } from '../../config';
import { onFirstUse } from '../../on-first-use';

/** Loaded with the first transport: a site without SMTP_URL never needs it. */
const loadNodemailer = onFirstUse<typeof nodemailer>('nodemailer');

/** The connection to SMTP_URL that the outbox's sender and Settings' test e-mail both send through. */
export function createSmtpTransport(notifications: NotificationConfig): Transporter {
  // nodemailer's own timeouts (2 minutes to connect, 10 of silence) would outlast a claim (NOTIFY_RETRY.claimMs).
  return loadNodemailer().createTransport({
    url: notifications.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}
