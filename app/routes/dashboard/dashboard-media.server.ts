import type { AppLoadContext } from 'react-router';
import { listLibraryMedia } from '../../../server/services/media/media';
import { requireAdminSession } from './session.server';

export async function loadMedia(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { media: await listLibraryMedia(context.ctx) };
}
