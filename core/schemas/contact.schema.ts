import { z } from 'zod';
import { CONTACT_BULK_MAX_IDS, CONTACT_STATUSES, INBOX_SEARCH_MAX_LENGTH, INBOX_VIEWS } from '../constants';
import { MESSAGES } from '../messages';
import { booleanFlag, oneOf, optionalText, requiredText } from './fields';

/**
 * The contact form (SPEC section 5). `website` is a honeypot left empty by
 * people, and `formStartedAt` the time the form was drawn; both are optional
 * so a plain call with the four fields of SPEC section 7 is accepted.
 */
export const contactMessageSchema = z.object({
  name: requiredText('Full Name is required'),
  email: z
    .string({ error: 'Email Address is required' })
    .trim()
    .min(1, 'Email Address is required')
    .max(254, 'Must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
  phone: optionalText(40),
  message: requiredText('Message is required', 5000),
  website: z.string().optional(),
  formStartedAt: z.coerce.number().optional().catch(undefined),
});

/** Marking a message: a status, or the shorthand `read: true`. */
export const contactUpdateSchema = z
  .object({
    status: oneOf(CONTACT_STATUSES, 'Please choose a valid status').optional(),
    read: booleanFlag.optional(),
  })
  .refine((value) => value.status !== undefined || value.read !== undefined, 'Nothing to change');

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

/**
 * One page of the inbox, as the dashboard's URL or GET /api/contacts asks: `view` inbox (all but spam) or
 * spam, `q` a search of name, e-mail, phone and message, `page` from 1.
 */
export const inboxQuerySchema = z.object({
  view: oneOf(INBOX_VIEWS, 'Please choose inbox or spam').optional().default('inbox'),
  q: z
    .string()
    .trim()
    .max(INBOX_SEARCH_MAX_LENGTH, `Must be at most ${INBOX_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .default(''),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(1_000_000, 'Page must be a whole number from 1')
    .optional()
    .default(1),
});

/** Messages named for one action at once: at least one, at most CONTACT_BULK_MAX_IDS, each a row id. */
export const contactIdsSchema = z.object({
  ids: z
    .array(
      z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      { error: MESSAGES.noMessagesChosen },
    )
    .min(1, MESSAGES.noMessagesChosen)
    .max(CONTACT_BULK_MAX_IDS, MESSAGES.tooManyMessagesChosen(CONTACT_BULK_MAX_IDS)),
});

export type InboxQuery = z.infer<typeof inboxQuerySchema>;
