import { type Request, Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import type { ServiceContext } from '../../services/context';
import { deleteFromTrash, emptyTrash, listTrash, parseTrashKind, restoreFromTrash } from '../../services/trash/trash';
import { idParam } from '../params';
import { requireAdmin } from '../session';

function trashedItem(req: Request) {
  return { kind: parseTrashKind(String(req.params.kind)), id: idParam(req, MESSAGES.trashItemNotFound) };
}

/** The Trash (decision 036): what the owner deleted, with Restore and Delete forever. The administrator's alone. */
export function trashRouter(ctx: ServiceContext): Router {
  const router = Router();

  router.get('/', requireAdmin, async (_req, res) => {
    res.json({ data: await listTrash(ctx) });
  });

  router.delete('/', requireAdmin, async (_req, res) => {
    res.json({ data: { deleted: await emptyTrash(ctx) } });
  });

  router.post('/:kind/:id/restore', requireAdmin, async (req, res) => {
    const { kind, id } = trashedItem(req);
    await restoreFromTrash(ctx, kind, id);
    res.json({ data: { kind, id } });
  });

  router.delete('/:kind/:id', requireAdmin, async (req, res) => {
    const { kind, id } = trashedItem(req);
    await deleteFromTrash(ctx, kind, id);
    res.json({ data: { kind, id } });
  });

  return router;
}
