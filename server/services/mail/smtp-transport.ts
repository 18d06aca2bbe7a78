import nodemailer, { type Transporter } from 'nodemailer';
import type { NotificationConfig } from '../../config';

/** The connection to SMTP_URL that the outbox's sender and Settings' test e-mail both send through. */
export function createSmtpTransport(notifications: NotificationConfig): Transporter {
  // nodemailer's own timeouts (2 minutes to connect, 10 of silence) would outlast a claim (NOTIFY_RETRY.claimMs).
  return nodemailer.createTransport({
    url: notifications.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}
