import type { Db } from '../../db/database';
import { changeContent } from '../cache/content-version';
import { nowIso, type ServiceContext } from '../context';
import { DEFAULT_SITE_SETTINGS } from '../content/settings';

/**
 * The owner's switch (`site_settings.count_visits`, decision 019); ANALYTICS=0 overrides it for the whole
 * server. Off, no page view and no drop count is written, and the pages send no beacon.
 */
export async function visitCountingOn(db: Db): Promise<boolean> {
  const row = await db.selectFrom('siteSettings').select('countVisits').where('id', '=', 1).executeTakeFirst();
  return (row?.countVisits ?? 1) === 1;
}

/** Whether pages should send the beacon: the server counts, and the owner has not switched counting off. */
export async function countsVisits(ctx: ServiceContext): Promise<boolean> {
  return ctx.config.analytics.enabled && (await visitCountingOn(ctx.db));
}

/**
 * Switches counting on or off (PUT /api/settings, the Settings page's form). A content write: the public
 * layout's data says whether to send the beacon, so kept pages must be made again.
 */
export async function setVisitCounting(ctx: ServiceContext, on: boolean): Promise<void> {
  const countVisits = on ? 1 : 0;
  await changeContent(ctx.db, (trx) =>
    trx
      .insertInto('siteSettings')
      .values({ id: 1, ...DEFAULT_SITE_SETTINGS, logoMediaId: null, updatedAt: nowIso(), countVisits })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ countVisits }))
      .execute(),
  );
}
