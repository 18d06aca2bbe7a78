import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type NextFunction, type Request, type Response, Router } from 'express';
import multer from 'multer';
import { RESTORE_UPLOAD_MAX_BYTES } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import type { RestoreStarted } from '../../../core/types';
import { verifyCurrentPassword } from '../../services/account/account';
import { describeBackups, isBackupName, openBackup } from '../../services/backups/backups';
import { RESTORE_STAGING_PREFIX, RestoreRefusedError } from '../../services/backups/restore-check';
import type { ServerContext } from '../../server-context';
import { AppError, notFound } from '../../services/errors';
import { logEvent } from '../../log';
import { bodyFields } from '../params';
import { clientMeta, requireAdmin } from '../session';

/** A file in DATA_DIR for an archive to restore (an upload, a copy from the bucket): swept at the next start. */
const temporaryArchive = (dataDir: string) =>
  path.join(dataDir, `${RESTORE_STAGING_PREFIX}archive-${randomBytes(8).toString('hex')}`);

/** HTTP statuses of a refused restore: the archive's fault, the disk's, or another one under way. */
const REFUSAL_STATUS = { 'disk-full': 507, busy: 409 } as const;

/**
 * An uploaded archive, written to a file in DATA_DIR as it arrives (it can be the whole site's images), with the
 * password typed again beside it.
 */
function receiveArchive(dataDir: string) {
  const parse = multer({
    storage: multer.diskStorage({
      destination: dataDir,
      filename: (_req, _file, done) => done(null, path.basename(temporaryArchive(dataDir))),
    }),
    limits: { fileSize: RESTORE_UPLOAD_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  }).single('archive');
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(new AppError(413, MESSAGES.restoreUploadTooLarge));
      }
      next(error);
    });
}

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

  /**
   * Checks the password typed again and `archive`, then answers 202 and hands the restore on to be swapped in
   * (decision 037): this process stops with its requests answered, and the site comes back on the backup's data.
   */
  const restore = async (req: Request, res: Response, archive: () => Promise<{ file: string; temporary: boolean }>) => {
    const { restores } = ctx;
    let source: { file: string; temporary: boolean } | undefined;
    try {
      if (ctx.backups.method.kind !== 'archive') throw new AppError(409, MESSAGES.restoreNotPossible);
      const password = bodyFields(req).password;
      if (typeof password !== 'string' || password === '') {
        throw new AppError(400, MESSAGES.currentPasswordRequired, { password: MESSAGES.currentPasswordRequired });
      }
      await verifyCurrentPassword(ctx, req.admin!.adminId, password, 'password', clientMeta(req));
      source = await archive();
      const request = await restores.check(source.file).catch((error: unknown) => {
        if (!(error instanceof RestoreRefusedError)) throw error;
        const status = error.kind === 'disk-full' || error.kind === 'busy' ? REFUSAL_STATUS[error.kind] : 400;
        // The owner's words in the answer; the technical line, which names files of the server, in the log.
        logEvent('warn', 'restore refused', { refusal: error.kind, detail: error.message });
        throw new AppError(status, MESSAGES.restoreRefusals[error.kind]);
      });
      // On 'close', which follows the answer's last byte, or a client gone before it: the restore was confirmed.
      res.on('close', () => restores.handOff(request));
      res.status(202).json({ data: { id: request.id, createdAt: request.createdAt } satisfies RestoreStarted });
    } finally {
      if (source?.temporary) fs.rmSync(source.file, { force: true });
      if (req.file) fs.rmSync(req.file.path, { force: true });
    }
  };

  router.post('/restore', requireAdmin, receiveArchive(ctx.config.dataDir), async (req, res) => {
    await restore(req, res, async () => {
      if (!req.file) throw new AppError(400, MESSAGES.restoreUploadMissing, { archive: MESSAGES.restoreUploadMissing });
      return { file: req.file.path, temporary: true };
    });
  });

  router.post('/:name/restore', requireAdmin, async (req, res) => {
    const name = String(req.params.name);
    await restore(req, res, async () => {
      const local = path.join(ctx.config.backups.folder, name);
      if (isBackupName(name) && fs.existsSync(local)) return { file: local, temporary: false };
      const copy = await openBackup(ctx, ctx.backups, name);
      if (!copy) throw notFound(MESSAGES.backupNotFound);
      // Only in the bucket: copied into DATA_DIR first, where the checks read it.
      const file = temporaryArchive(ctx.config.dataDir);
      await pipeline(copy.body, fs.createWriteStream(file));
      return { file, temporary: true };
    });
  });

  // While the administrator is still signed in: under way, or not swapped in. Once restored, a 401 (sessions ended).
  router.get('/restore/:id', requireAdmin, (req, res) => {
    res.json({ data: ctx.restores.statusOf(String(req.params.id)) });
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
