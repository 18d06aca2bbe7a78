import { z } from 'zod';
import { MESSAGES } from '../messages';
import { optionalHttpUrl, optionalText, requiredText } from './fields';

export const siteSettingsSchema = z.object({
  brandName: requiredText('Brand name is required', 100),
  description: optionalText(1000),
  contactEmail: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Please enter a valid email address'),
  phonePrimary: optionalText(40),
  phoneSecondary: optionalText(40),
  address: optionalText(300),
  facebookUrl: optionalHttpUrl(),
  instagramUrl: optionalHttpUrl(),
  youtubeUrl: optionalHttpUrl(),
  tiktokUrl: optionalHttpUrl(),
});

export const siteSettingsUpdateSchema = siteSettingsSchema.partial();

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsUpdateInput = z.infer<typeof siteSettingsUpdateSchema>;

/**
 * The "Count visits" switch (decision 019), saved with the settings by PUT /api/settings: a boolean in JSON, its
 * text in a multipart form; left out, counting stays as it is.
 */
export const visitSwitchSchema = z.object({
  countVisits: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: MESSAGES.countVisitsInvalid,
    })
    .optional(),
});
