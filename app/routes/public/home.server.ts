import { listProjects } from '../../../server/services/projects';
import { getSiteSettings } from '../../../server/services/settings';
import type { ServiceContext } from '../../../server/services/context';

export async function loadHome(ctx: ServiceContext) {
  const [settings, featuredProjects] = await Promise.all([getSiteSettings(ctx), listProjects(ctx, { featured: true })]);
  return { settings, featuredProjects };
}
