import type { AppLoadContext } from 'react-router';
import { HOME_RECENT_PROJECTS } from '../../../core/constants';
import { listClients } from '../../../server/services/content/clients';
import { listProjects } from '../../../server/services/content/projects';
import { getSiteContent } from '../../../server/services/content/site-texts';
import { getSiteStats } from '../../../server/services/content/stats';

export async function loadHome(context: AppLoadContext) {
  const { ctx } = context;
  const [featuredProjects, recent, latest, clients, stats, content] = await Promise.all([
    listProjects(ctx, { featured: true }),
    listProjects(ctx, { showInRecent: true, limit: HOME_RECENT_PROJECTS }),
    listProjects(ctx, { limit: HOME_RECENT_PROJECTS }),
    listClients(ctx),
    getSiteStats(ctx),
    getSiteContent(ctx),
  ]);
  // The administrator picks the recent projects; until they do, the newest stand in.
  const lastProjects = recent.length > 0 ? recent : latest;
  return { featuredProjects, lastProjects, clients, stats, texts: content.texts, testimonials: content.testimonials };
}
