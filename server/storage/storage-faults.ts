/**
 * How the places the site keeps its data fail (decision 026): the image store does not answer (S3 unreachable,
 * timing out or failing on its side), or the disk is full (the media folder's or the SQLite file's). Both are the
 * site's bad day, not a bug: the request is told in plain words (server/http/errors.ts) and the log gets one line.
 */

/** The bucket did not answer, broke off, timed out or answered 5xx: nothing was stored or read. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The image store is unavailable (${reasonOf(cause)}).`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** ENOSPC and EDQUOT from a file write, SQLITE_FULL from SQLite (better-sqlite3 puts it in `code`). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** Whether an error, or one it was caused by, says the disk has no room left. */
export function isDiskFull(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  }
  return false;
}

/** A short technical reason for the log line: the error's code, or its name and message. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const prefix = typeof code === 'string' ? code : error.name;
  // Node's own messages begin with the code already ("ENOSPC: no space left on device, write").
  return error.message.startsWith(prefix) ? error.message : `${prefix}: ${error.message}`;
}
