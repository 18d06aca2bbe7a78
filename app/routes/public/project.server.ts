import type { AppLoadContext } from 'react-router';
import { getProject } from '../../../server/services/content/projects';
import { isPublic } from '../../../server/services/content/publishing';

/**
 * `?preview` lets the signed-in administrator see a draft or scheduled project as visitors will; for anyone
 * else it changes nothing (the page cache drops the parameter, and the answer is the visitors' 404).
 */
export async function loadProject(context: AppLoadContext, id: number, request: Request) {
  const preview = context.admin !== null && new URL(request.url).searchParams.has('preview');
  const project = await getProject(context.ctx, id, { includeDrafts: preview });
  return project && { project, unpublished: !isPublic(project.publishedAt) };
}
