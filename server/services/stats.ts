import { EXPERIENCE_START_YEAR, WORKING_HOURS_PER_PROJECT } from '../../core/constants';
import type { SiteStats } from '../../core/types';
import type { ServiceContext } from './context';

/** Years of experience as the home page counts them (SPEC section 9). */
export function yearsOfExperience(now = new Date()): number {
  return now.getFullYear() - EXPERIENCE_START_YEAR + 1;
}

/** The statistics of SPEC section 9, computed from the data. */
export async function getSiteStats(ctx: ServiceContext): Promise<SiteStats> {
  const count = (table: 'projects' | 'clients' | 'teamMembers') =>
    ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  const blogCounts = await ctx.db
    .selectFrom('blogs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const blogsWith = (status: string) => Number(blogCounts.find((row) => row.status === status)?.count ?? 0);
  const [projects, clients, teamMembers] = await Promise.all([
    count('projects'),
    count('clients'),
    count('teamMembers'),
  ]);
  return {
    projects,
    clients,
    workingHours: projects * WORKING_HOURS_PER_PROJECT,
    years: yearsOfExperience(),
    publishedBlogs: blogsWith('published'),
    draftBlogs: blogsWith('draft'),
    teamMembers,
  };
}
