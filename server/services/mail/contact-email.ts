import type { SendMailOptions } from 'nodemailer';
import { inboxHref } from '../../../core/inbox-url';
import { formatSiteDateTime } from '../../../core/site-time';
import type { ContactMessage } from '../../../core/types';
import type { NotificationConfig } from '../../config';

/**
 * Line breaks and other control characters out of a header value. nodemailer already encodes what it puts
 * in a header, so a name cannot add one; folding them to spaces also keeps the subject on one line.
 */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim(); // eslint-disable-line no-control-regex -- the point
}

/** What an e-mail says of the site: its name, its address, and the zone its times are written in. */
export interface EmailSite {
  brandName: string;
  siteUrl: string;
  /** SITE_TIME_ZONE: "26 Nov 2026, 00:59 Bhutan time". */
  timeZone: string;
}

/** Every e-mail to the owner comes from the site by name, at NOTIFY_FROM. */
function senderOf(site: EmailSite, notifications: Pick<NotificationConfig, 'from'>) {
  return { name: oneLine(`${site.brandName} website`), address: notifications.from };
}

/**
 * The e-mail that tells the owner of a new contact message: the sender named in the subject, their address
 * as Reply-To (so answering the e-mail answers them), the message, and where the inbox is.
 */
export function composeContactEmail(
  message: Pick<ContactMessage, 'name' | 'email' | 'phone' | 'message' | 'createdAt'>,
  site: EmailSite,
  notifications: Pick<NotificationConfig, 'to' | 'from'>,
): SendMailOptions {
  const name = oneLine(message.name);
  const inboxUrl = `${site.siteUrl}${inboxHref({ view: 'inbox', q: '' })}`;
  const text = [
    `${name} wrote through the contact form of ${site.brandName} on ${formatSiteDateTime(message.createdAt, site.timeZone)}:`,
    '',
    message.message,
    '',
    `E-mail: ${message.email}`,
    ...(message.phone ? [`Phone: ${oneLine(message.phone)}`] : []),
    '',
    `Answering this e-mail answers ${name}. Every message is in the inbox: ${inboxUrl}`,
  ].join('\n');
  return {
    from: senderOf(site, notifications),
    to: notifications.to,
    replyTo: { name, address: message.email },
    subject: `New message from ${name}`,
    text,
  };
}

/**
 * The one e-mail about a flood (CONTACT_FLOOD): how many messages arrived past the hourly count in the hour
 * after `from`, and where they are kept (the inbox's Spam view).
 */
export function composeFloodSummaryEmail(
  flood: { count: number; hourlyMax: number; from: string; to: string },
  site: EmailSite,
  notifications: Pick<NotificationConfig, 'to' | 'from'>,
): SendMailOptions {
  const spamUrl = `${site.siteUrl}${inboxHref({ view: 'spam', q: '' })}`;
  const [from, to] = [flood.from, flood.to].map((at) => formatSiteDateTime(at, site.timeZone));
  const messages = flood.count === 1 ? '1 more message' : `${flood.count} more messages`;
  const text = [
    `Between ${from} and ${to}, the contact form of ${site.brandName} received ${messages} than the ` +
      `${flood.hourlyMax} an hour that are e-mailed to you one by one. That many at once is usually a robot.`,
    '',
    `None was thrown away: they are kept in Spam in the inbox, where you can move any real one back: ${spamUrl}`,
  ].join('\n');
  return {
    from: senderOf(site, notifications),
    to: notifications.to,
    subject: `${messages} arrived through the contact form in an hour`,
    text,
  };
}

/**
 * Settings' test e-mail: sent like the e-mails about messages (same server, sender and recipient), so its arrival
 * shows that they arrive too.
 */
export function composeTestEmail(
  sentAt: string,
  site: EmailSite,
  notifications: Pick<NotificationConfig, 'to' | 'from'>,
): SendMailOptions {
  const text = [
    `This is a test e-mail, sent from Settings in the dashboard of ${site.brandName} on ` +
      `${formatSiteDateTime(sentAt, site.timeZone)}.`,
    '',
    `It arrived, so the e-mails about new messages from the contact form reach ${notifications.to} too.`,
  ].join('\n');
  return {
    from: senderOf(site, notifications),
    to: notifications.to,
    subject: `Test e-mail from the ${oneLine(site.brandName)} website`,
    text,
  };
}
