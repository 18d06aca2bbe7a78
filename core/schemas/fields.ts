import { z } from 'zod';
import { PROJECT_YEAR_MAX, PROJECT_YEAR_MIN } from '../constants';

/** A message for each invalid field, by its name. */
export type FieldMessages = Record<string, string>;

/**
 * The first message of each invalid field, keyed by its path ('_' for the
 * input as a whole): the `fields` of a 400 answer, and what a form shows
 * beside each field when it checks the same schema before sending.
 */
export function fieldMessages(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * Field builders shared by every entity schema. Multipart forms send every
 * value as a string while JSON callers send numbers and booleans, so each
 * builder accepts both.
 */

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value ?? '');

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no', '']);

export const booleanFlag = z.preprocess(
  (value) => {
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
    }
    if (typeof value === 'number') return value !== 0;
    return value;
  },
  z.boolean({ error: 'Must be true or false' }),
);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An optional link: empty, or an absolute http(s) URL. */
export const optionalHttpUrl = (message = 'Please enter a valid URL starting with http:// or https://') =>
  z
    .string()
    .trim()
    .max(500, 'Must be at most 500 characters')
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || isHttpUrl(value), message);

const YEAR_OUT_OF_RANGE = `Year must be between ${PROJECT_YEAR_MIN} and ${PROJECT_YEAR_MAX}`;

/** A whole year; forms send it as text. */
export const yearField = (message = 'Year is required') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: message })
      .int('Year must be a whole number')
      .min(PROJECT_YEAR_MIN, YEAR_OUT_OF_RANGE)
      .max(PROJECT_YEAR_MAX, YEAR_OUT_OF_RANGE),
  );

export function oneOf<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A list given as an array, a JSON array string, or comma-separated text; trimmed, empties dropped. */
export const textList = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value.flatMap((item) => String(item).split(','));
    if (typeof value === 'string') {
      const text = value.trim();
      if (text.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(text);
          if (Array.isArray(parsed)) return parsed.map(String);
        } catch {
          // Not JSON after all: fall through to comma-separated text.
        }
      }
      return text.split(',');
    }
    return value;
  },
  z.array(z.string()).transform((items) => items.map((item) => item.trim()).filter(Boolean)),
);

/**
 * When a project or post becomes public: an ISO-8601 time with its offset, kept as UTC (the forms turn the
 * owner's local time into one, core/site-time.ts), or '' for "now".
 */
export const publishAtField = z
  .union([z.literal(''), z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' })])
  .transform((value) => (value === '' ? '' : new Date(value).toISOString()))
  .optional();
