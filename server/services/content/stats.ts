import { EXPERIENCE_START_YEAR, PUBLIC_CLIENT_STATUS, WORKING_HOURS_PER_PROJECT } from '../../../core/constants';
import { siteYear } from '../../../core/site-time';
import type { DashboardStats, SiteStats } from '../../../core/types';
import type { ServiceContext } from '../context';
import { countPublicProjects } from './projects';

/** Years of experience as the home page counts them (SPEC section 9), the year being the site zone's. */
export function yearsOfExperience(zone: string, now = new Date()): number {
  return siteYear(now, zone) - EXPERIENCE_START_YEAR + 1;
}

function countRows(ctx: ServiceContext, table: 'projects' | 'clients' | 'teamMembers', clientStatus?: string) {
  let query = ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('deletedAt', 'is', null);
  if (clientStatus !== undefined) query = query.where('status', '=', clientStatus);
  return query.executeTakeFirstOrThrow().then((row) => Number(row.count));
}

/**
 * The public statistics of SPEC section 9, computed from what visitors can see unless the owner stated a figure: public projects only (no
 * drafts or scheduled ones), and as Happy Clients the Active clients, the ones the home page shows.
 */
export async function getSiteStats(ctx: ServiceContext): Promise<SiteStats> {
  const [projects, clients, stated] = await Promise.all([
    countPublicProjects(ctx),
    countRows(ctx, 'clients', PUBLIC_CLIENT_STATUS),
    ctx.db.selectFrom('siteTexts').select(['yearsOfExperience', 'workingHours']).where('id', '=', 1).executeTakeFirst(),
  ]);
  return {
    projects,
    clients,
    workingHours: stated?.workingHours ?? projects * WORKING_HOURS_PER_PROJECT,
    years: stated?.yearsOfExperience ?? yearsOfExperience(ctx.config.siteTimeZone),
  };
}

/** The dashboard home's counts (SPEC section 2): everything the administrator has, drafts included. */
export async function getDashboardStats(ctx: ServiceContext): Promise<DashboardStats> {
  const blogCounts = await ctx.db
    .selectFrom('blogs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('deletedAt', 'is', null)
    .groupBy('status')
    .execute();
  const blogsWith = (status: string) => Number(blogCounts.find((row) => row.status === status)?.count ?? 0);
  const [projects, clients, teamMembers] = await Promise.all([
    countRows(ctx, 'projects'),
    countRows(ctx, 'clients'),
    countRows(ctx, 'teamMembers'),
  ]);
  return {
    projects,
    clients,
    publishedBlogs: blogsWith('published'),
    draftBlogs: blogsWith('draft'),
    teamMembers,
  };
}
