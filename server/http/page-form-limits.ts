import type { RateLimitName } from '../../core/constants';
import type { ServiceContext } from '../services/context';
import { AppError } from '../services/errors';
import { takeRateLimit } from '../services/limits/rate-limit';

export interface PageFormLimit {
  /** The largest body, checked against its stated length before any of it is read (page-body-limit.ts). */
  maxBytes: number;
  /** The most fields, counted on the read body before it is parsed (app/lib/read-form.server.ts). */
  maxFields: number;
  /** The rate limit a refused post counts against, as a sent message would. */
  rateLimit?: RateLimitName;
}

/** Any page POST not listed here: no other page takes one (the dashboard writes through the API, decision 033). */
const SMALLEST_FORM: PageFormLimit = { maxBytes: 2 * 1024, maxFields: 10 };

/**
 * Every page form, by the path of its route (grep `export async function action` in app/routes): the contact
 * page's, the one public form. A browser percent-encodes a urlencoded form, up to 9 bytes a character (Dzongkha
 * script takes 3 UTF-8 bytes), so the byte limit leaves room for the longest text the schema accepts written in
 * it: the 5,000-character message is 45 KB so encoded. (The sign-in form posts to the API, whose parser has
 * limits of its own: server/http/routes/auth.ts.)
 */
const PAGE_FORM_LIMITS = new Map<string, PageFormLimit>([
  ['/contact', { maxBytes: 64 * 1024, maxFields: 20, rateLimit: 'contact' }],
]);

/**
 * The limit of the route a path reaches. React Router matches paths case-insensitively, after decoding
 * them, with or without a trailing slash, and takes a script's form posts at `<path>.data`; a path that
 * names no form gets the smallest limit, so a spelling missed here can only be refused sooner.
 */
export function pageFormLimitFor(pathname: string): PageFormLimit {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: React Router cannot match it either.
  }
  const route = path
    .toLowerCase()
    .replace(/\.data$/, '')
    .replace(/\/+$/, '');
  return PAGE_FORM_LIMITS.get(route) ?? SMALLEST_FORM;
}

/**
 * Refuses a page form with 413. One sent to the contact form counts in that form's rate limit first, so a
 * flood of refused posts is stopped like a flood of accepted ones (429 once spent).
 */
export async function refusePageForm(
  ctx: ServiceContext,
  limit: PageFormLimit,
  clientIp: string,
  message: string,
): Promise<never> {
  if (limit.rateLimit) await takeRateLimit(ctx, limit.rateLimit, clientIp);
  throw new AppError(413, message);
}
