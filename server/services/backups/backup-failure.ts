import type { BackupFailureKind } from '../../../core/constants';
import { isConnectionFailure } from '../../db/availability';
import { PgDumpError } from './pg-dump';

/** The step of a backup that failed: writing it on this server, or copying it to the bucket. */
export type BackupStep = 'write' | 'copy';

/** Node's codes for a folder that cannot be written: missing, not a folder, not allowed, read-only. */
const FOLDER_CODES = new Set(['ENOENT', 'ENOTDIR', 'EEXIST', 'EISDIR', 'EACCES', 'EPERM', 'EROFS']);
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** A failed backup as it is kept: its kind, which words the dashboard shows, and the technical line. */
export function classifyBackupError(error: unknown, step: BackupStep): { kind: BackupFailureKind; detail: string } {
  const code = (error as { code?: unknown } | undefined)?.code;
  const detail =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  if (step === 'copy') return { kind: 'bucket', detail };
  if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return { kind: 'disk-full', detail };
  if (typeof code === 'string' && FOLDER_CODES.has(code)) return { kind: 'folder', detail };
  if (error instanceof PgDumpError) return { kind: 'pg-dump', detail };
  if (isConnectionFailure(error) || (typeof code === 'string' && code.startsWith('SQLITE_'))) {
    return { kind: 'database', detail };
  }
  return { kind: 'unknown', detail };
}
