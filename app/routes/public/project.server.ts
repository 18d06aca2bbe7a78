import type { AppLoadContext } from 'react-router';
import { getProject } from '../../../server/services/projects';

export async function loadProject(context: AppLoadContext, id: number) {
  return Number.isSafeInteger(id) && id > 0 ? getProject(context.ctx, id) : null;
}
