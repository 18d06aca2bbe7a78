import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { MESSAGES } from '../../../core/messages';
import { describeBackups, openBackup } from '../../services/backups/backups';
import type { ServerContext } from '../../server-context';
import { AppError, notFound } from '../../services/errors';
import { requireAdmin } from '../session';

/** The Backups page's calls (decision 025): the list, "Back up now" and each backup's download. */
export function backupsRouter(ctx: ServerContext): Router {
  const router = Router();

  router.get('/', requireAdmin, async (_req, res) => {
    res.json({ data: await describeBackups(ctx, ctx.backups) });
  });

  // 201 with the backup, or 200 with the failure in the owner's words (it is kept and shown, and retried): the
  // backup ran either way. 409 when one is under way, or when the site cannot back itself up.
  router.post('/', requireAdmin, async (_req, res) => {
    const { backups } = ctx;
    if (backups.method.kind === 'none') throw new AppError(409, backups.method.reason);
    const result = await backups.backUpNow();
    if (!result) throw new AppError(409, MESSAGES.backupRunning);
    res.status(result.made ? 201 : 200).json({ data: result });
  });

  // The archive holds every password hash and message: the administrator's alone, and never kept by a cache (the
  // API's private, no-store). Streamed, from this server's file or the bucket's copy.
  router.get('/:name', requireAdmin, async (req, res) => {
    const name = String(req.params.name);
    const backup = await openBackup(ctx, ctx.backups, name);
    if (!backup) throw notFound(MESSAGES.backupNotFound);
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Length', String(backup.bytes));
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    await pipeline(backup.body, res);
  });

  return router;
}
