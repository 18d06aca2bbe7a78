import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { addDays } from './visit-day';

/**
 * The visitor of a page view, Plausible's way (decision 019): a hash of the day's random salt, the site, the
 * client's address and its user agent. Nothing else names a visitor; the same browser is another visitor the
 * next day, and once the salt is deleted nobody can tell which address made a hash.
 */
export function visitorHash(salt: string, site: string, addressKey: string, userAgent: string): string {
  return createHash('sha256')
    .update([salt, site, addressKey, userAgent].join('\u0000'))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Each studio day's salt, shared through the database by every instance: the first to need it makes it (an
 * insert that loses the race does nothing, and all read the winner's). Kept in memory for today and yesterday
 * only; yesterday's is read, never made, to join a visit across midnight.
 */
export class VisitorSalts {
  private readonly known = new Map<string, string | undefined>();

  constructor(private readonly db: Db) {}

  async saltOf(day: string, options: { make: boolean; now: number }): Promise<string | undefined> {
    if (this.known.has(day) && (this.known.get(day) !== undefined || !options.make)) return this.known.get(day);
    if (options.make) {
      await this.db
        .insertInto('visitSalts')
        .values({ day, salt: randomBytes(32).toString('base64url'), createdAt: new Date(options.now).toISOString() })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
    }
    const row = await this.db.selectFrom('visitSalts').select('salt').where('day', '=', day).executeTakeFirst();
    this.forgetBefore(addDays(day, -1));
    this.known.set(day, row?.salt);
    return row?.salt;
  }

  /** Drops the salts of days before `day` from memory (the database's go in rollUpVisits). */
  forgetBefore(day: string): void {
    for (const kept of this.known.keys()) if (kept < day) this.known.delete(kept);
  }
}
