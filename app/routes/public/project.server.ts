import type { AppLoadContext } from 'react-router';
import { getProject } from '../../../server/services/content/projects';
import { isPublic } from '../../../server/services/content/publishing';
import { isPreview } from '../../lib/preview.server';

/** A project visitors see, or in the administrator's preview one they do not see yet. */
export async function loadProject(context: AppLoadContext, id: number, request: Request) {
  const project = await getProject(context.ctx, id, { includeDrafts: isPreview(context, request) });
  return project && { project, unpublished: !isPublic(project.publishedAt) };
}
