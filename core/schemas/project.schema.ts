import { z } from 'zod';
import { ALL_PROJECT_CATEGORIES, DEFAULT_PROJECT_STATUS, HERO_CATEGORIES, PROJECT_STATUSES } from '../constants';
import { booleanFlag, oneOf, optionalText, publishAtField, requiredText, yearField } from './fields';
import { MESSAGES } from '../messages';
import { namesNeighbour, orderMove } from './order.schema';
import { seoFields } from './site-texts.schema';

const projectFields = {
  title: requiredText('Title is required'),
  description: requiredText('Description is required', 10_000),
  year: yearField(),
  location: requiredText('Location is required'),
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .refine((value) => ALL_PROJECT_CATEGORIES.includes(value), 'Please choose a known category'),
  status: oneOf(PROJECT_STATUSES, 'Please choose a valid status'),
  client: optionalText(200),
  designTeam: optionalText(2000),
  date: optionalText(40),
  featured: booleanFlag,
  showInRecent: booleanFlag,
  /** False saves a draft, which visitors never see; true publishes at `publishAt`. */
  published: booleanFlag,
  publishAt: publishAtField,
  ...seoFields,
};

/** Creating a project: the required fields of SPEC section 5; images travel beside it. */
export const projectCreateSchema = z.object({
  ...projectFields,
  status: projectFields.status.default(DEFAULT_PROJECT_STATUS),
  featured: booleanFlag.default(false),
  showInRecent: booleanFlag.default(false),
  published: booleanFlag.default(true),
});

/** Updating a project: any subset of the fields; the ones sent must be valid. */
export const projectUpdateSchema = z.object(projectFields).partial();

const isHeroCategory = (value: string) => (HERO_CATEGORIES as readonly string[]).includes(value);

/**
 * The hero-banner add form (SPEC section 5): a category of the hero form's
 * own list, status optional (the form's empty "not set" choice leaves the
 * server's default) and featured on unless unticked.
 */
export const heroProjectCreateSchema = projectCreateSchema.extend({
  category: projectFields.category.refine(isHeroCategory, 'Please choose one of the hero banner categories'),
  status: z.preprocess((value) => (value === '' ? undefined : value), projectFields.status.optional()),
  featured: booleanFlag.default(true),
});

export const projectImageRefSchema = z.object({
  imageUrl: z.string({ error: 'imageUrl is required' }).trim().min(1, 'imageUrl is required'),
});

const imageAlt = z.string().trim().max(300, 'Must be at most 300 characters');

/**
 * Alt texts of new images, one per image in order, sent as `alts`: a JSON list
 * in a form (a single text for one image). Empty entries keep their place, so
 * the texts after them stay with their images; commas belong to the text.
 */
export const projectImageAltsSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    if (!value.trim().startsWith('[')) return [value];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.array(imageAlt, { error: 'alts must be a JSON list of texts' }),
);

/**
 * The image manager's order and alt texts: every current image of the
 * project, once each, in the new order. An empty alt falls back to the title.
 */
export const projectImagesArrangeSchema = z.object({
  images: z
    .array(
      z.object({
        imageUrl: projectImageRefSchema.shape.imageUrl,
        alt: imageAlt.optional().default(''),
      }),
      { error: 'images must be a list' },
    )
    .min(1, 'images must list every image of the project'),
});

/** One move in a project's gallery (decision 041): images are named by their paths, as elsewhere. */
export const projectImageMoveSchema = z
  .object({
    imageUrl: projectImageRefSchema.shape.imageUrl,
    ...orderMove(projectImageRefSchema.shape.imageUrl),
  })
  .refine(namesNeighbour, MESSAGES.orderPlacementInvalid);

export type ProjectCreateInput = z.infer<typeof projectCreateSchema>;
export type ProjectUpdateInput = z.infer<typeof projectUpdateSchema>;
export type ProjectImagesArrangement = z.infer<typeof projectImagesArrangeSchema>['images'];
