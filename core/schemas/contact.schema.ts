import { z } from 'zod';
import { CONTACT_STATUSES } from '../constants';
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
