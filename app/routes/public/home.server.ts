import type { AppLoadContext } from 'react-router';
import { clientLogo } from '../../../core/client-logo';
import { HOME_RECENT_PROJECTS } from '../../../core/constants';
import { projectCard } from '../../../core/project-card';
import { listClients } from '../../../server/services/content/clients';
import { listProjects } from '../../../server/services/content/projects';
import { getSiteContent } from '../../../server/services/content/site-texts';
import { getSiteStats } from '../../../server/services/content/stats';

/** What the home page draws, shaped as its components read it: this is also the data React hydrates from. */
export async function loadHome(context: AppLoadContext) {
  const { ctx } = context;
  const [featuredProjects, inRecent, newestInRecent, latest, clients, stats, content] = await Promise.all([
    listProjects(ctx, { featured: true }),
    listProjects(ctx, { showInRecent: true }),
    listProjects(ctx, { showInRecent: true, limit: HOME_RECENT_PROJECTS, newestFirst: true }),
    listProjects(ctx, { limit: HOME_RECENT_PROJECTS, newestFirst: true }),
    listClients(ctx),
    getSiteStats(ctx),
    getSiteContent(ctx),
  ]);
  // The administrator picks the recent projects; SPEC's "6 most recent" of them show, in the owner's order (decision
  // 041). Until the administrator picks any, the newest stand in.
  const newest = new Set(newestInRecent.map((project) => project.id));
  const recent = inRecent.filter((project) => newest.has(project.id));
  const lastProjects = recent.length > 0 ? recent : latest;
  const { homeAboutHeading, homeAboutText } = content.texts;
  return {
    featuredProjects: featuredProjects.map(projectCard),
    lastProjects: lastProjects.map(projectCard),
    clients: clients.map(clientLogo),
    stats,
    texts: { homeAboutHeading, homeAboutText },
    testimonials: content.testimonials,
  };
}
