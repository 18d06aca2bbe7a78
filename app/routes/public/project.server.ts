import type { AppLoadContext } from 'react-router';
import { projectCard } from '../../../core/project-card';
import { getProject, listRelatedProjects } from '../../../server/services/content/projects';
import { isPublic } from '../../../server/services/content/publishing';
import { isPreview } from '../../lib/preview.server';

/** A project visitors see, or in the administrator's preview one they do not see yet, with the projects related to it. */
export async function loadProject(context: AppLoadContext, id: number, request: Request) {
  const project = await getProject(context.ctx, id, { includeDrafts: isPreview(context, request) });
  if (!project) return null;
  const related = await listRelatedProjects(context.ctx, project);
  return { project, unpublished: !isPublic(project.publishedAt), related: related.map(projectCard) };
}
