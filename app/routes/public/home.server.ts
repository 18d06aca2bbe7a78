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
  const [featuredProjects, recent, latest, clients, stats, content] = await Promise.all([
    listProjects(ctx, { featured: true }),
    listProjects(ctx, { showInRecent: true, limit: HOME_RECENT_PROJECTS }),
    listProjects(ctx, { limit: HOME_RECENT_PROJECTS, newestFirst: true }),
    listClients(ctx),
    getSiteStats(ctx),
    getSiteContent(ctx),
  ]);
  // The administrator picks the recent projects and their order; until they do, the newest stand in (SPEC).
  // The hero and the clients carousel, whose order SPEC leaves open, follow the owner's order too (decision 041).
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
