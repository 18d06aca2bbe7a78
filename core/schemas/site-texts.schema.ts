import { z } from 'zod';
import { STATIC_PUBLIC_PATHS } from '../site-structure';
import { isHttpUrl, requiredText } from './fields';

export const testimonialSchema = z.object({
  name: requiredText('Name is required', 100),
  quote: requiredText('Quote is required', 600),
  title: requiredText('Title is required', 120),
});

export const testimonialUpdateSchema = testimonialSchema.partial();

export const textCardSchema = z.object({
  title: requiredText('Title is required', 80),
  text: requiredText('Text is required', 300),
});

/** A whole card list; its length is the group's (CARD_GROUPS). */
export const textCardsSchema = (count: number) =>
  z.object({
    items: z
      .array(textCardSchema, { error: 'items must be a list of cards' })
      .length(count, `Exactly ${count} cards are needed`),
  });

/** An empty field is null: the figure is then counted from the data. */
const optionalCount = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)
      .nullable(),
  );

/** A text a page shows when there is one: empty leaves its part off the page (issue 35). */
const shownText = (max: number) =>
  z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`);

export const siteTextsSchema = z.object({
  homeAboutHeading: shownText(120),
  homeAboutText: shownText(1200),
  aboutHeading: shownText(120),
  aboutText: shownText(1200),
  founderMemberId: z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ error: 'Choose a team member' }).int().positive().nullable(),
  ),
  vision: shownText(600),
  mission: shownText(600),
  yearsOfExperience: optionalCount('Years of experience', 500),
  workingHours: optionalCount('Working hours', 100_000_000),
});

export const siteTextsUpdateSchema = siteTextsSchema.partial();

/** A social image: a name from the media library, a path on this site, or an absolute http(s) URL. */
const SITE_IMAGE = /^\/?[\w-]+(?:\/[\w.-]+)*$/;

export const seoImageField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .max(500, 'Must be at most 500 characters')
    .refine(
      (value) => isHttpUrl(value) || (SITE_IMAGE.test(value) && !value.includes('..')),
      'Give an image from the Media library (such as library/123-ab.jpg) or a URL starting with https://',
    )
    .nullable()
    .optional(),
);

export const seoDescriptionField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(300, 'Must be at most 300 characters').nullable().optional(),
);

/** The SEO fields a project or a post may carry; absent or empty keeps the derived ones. */
export const seoFields = { seoDescription: seoDescriptionField, seoImage: seoImageField };

export const pageSeoSchema = z.object({
  path: z.enum(STATIC_PUBLIC_PATHS as [string, ...string[]], { error: 'Not a page with its own SEO fields' }),
  ...seoFields,
});
