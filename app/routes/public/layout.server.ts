import type { AppLoadContext } from 'react-router';
import { siteYear } from '../../../core/site-time';
import { publishingNow } from '../../../server/services/content/publishing-clock';
import { listPageSeo } from '../../../server/services/content/page-seo';
import { getSiteSettings } from '../../../server/services/content/settings';
import { countsVisits } from '../../../server/services/visits/visit-switch';
import type { SiteData } from '../../lib/seo';

export async function loadSiteData(context: AppLoadContext): Promise<SiteData> {
  const [settings, pageSeo, countVisits] = await Promise.all([
    getSiteSettings(context.ctx),
    listPageSeo(context.ctx),
    countsVisits(context.ctx),
  ]);
  const { siteUrl, siteTimeZone: timeZone } = context.ctx.config;
  // The publishing clock is the real time, which tests move forward to see the year turn.
  return { settings, siteUrl, timeZone, pageSeo, countVisits, year: siteYear(publishingNow(), timeZone) };
}
