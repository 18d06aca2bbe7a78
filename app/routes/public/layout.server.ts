import type { AppLoadContext } from 'react-router';
import { listPageSeo } from '../../../server/services/page-seo';
import { getSiteSettings } from '../../../server/services/settings';
import type { SiteData } from '../../lib/seo';

export async function loadSiteData(context: AppLoadContext): Promise<SiteData> {
  const [settings, pageSeo] = await Promise.all([getSiteSettings(context.ctx), listPageSeo(context.ctx)]);
  return { settings, siteUrl: context.ctx.config.siteUrl, pageSeo };
}
