import type { AppLoadContext } from 'react-router';
import { listProjects } from '../../../server/services/content/projects';
import { requireAdminSession } from './session.server';

/** Every project, newest first: the manager searches and filters them in the browser. */
export async function loadProjectsManager(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { projects: await listProjects(context.ctx, {}, { includeDrafts: true }) };
}
