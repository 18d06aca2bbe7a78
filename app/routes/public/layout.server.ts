import type { AppLoadContext } from 'react-router';
import { getSiteSettings } from '../../../server/services/settings';
import type { SiteData } from '../../lib/seo';

export async function loadSiteData(context: AppLoadContext): Promise<SiteData> {
  return { settings: await getSiteSettings(context.ctx), siteUrl: context.ctx.config.siteUrl };
}
