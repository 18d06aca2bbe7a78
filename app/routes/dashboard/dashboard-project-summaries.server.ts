import type { AppLoadContext } from 'react-router';
import { listProjects } from '../../../server/services/content/projects';
import { toProjectSummary } from '../../features/dashboard/projects/project-summary';
import { requireAdminSession } from './session.server';

/** Every project, newest first, as the hero-banner and recent-projects managers list them. */
export async function loadProjectSummaries(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const projects = await listProjects(context.ctx, {}, { includeDrafts: true });
  return { projects: projects.map(toProjectSummary) };
}
