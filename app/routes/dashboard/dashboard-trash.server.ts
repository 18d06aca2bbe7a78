import { DAY_MS } from '../../../core/constants';
import type { AppLoadContext } from 'react-router';
import { listTrash } from '../../../server/services/trash/trash';
import { requireAdminSession } from './session.server';

/** The Trash, each item with the whole days it has left, counted here so that the page and its hydration agree. */
export async function loadTrash(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const now = Date.now();
  const items = await listTrash(context.ctx);
  return {
    items: items.map((item) => ({
      ...item,
      daysLeft: Math.max(0, Math.ceil((Date.parse(item.purgeAt) - now) / DAY_MS)),
    })),
  };
}
