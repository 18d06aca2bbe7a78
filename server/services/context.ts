import type { Config } from '../config';
import type { Db } from '../db/database';
import type { MediaStorage } from '../storage/media-storage';

/**
 * What every service function needs: the database, where the images live, the configuration and the key. The
 * server's running services (the e-mail sender, the visit counter, the backups) are built from it and joined to it
 * once, in `ServerContext` (server/server-context.ts), which the HTTP layer and the route loaders receive.
 */
export interface ServiceContext {
  readonly db: Db;
  readonly storage: MediaStorage;
  readonly config: Config;
  /** The key that seals the secrets the database keeps (secret-box.ts): SECRET_KEY or DATA_DIR/secret.key. */
  readonly secretKey: Buffer;
}

/** An uploaded file as the services see it, whatever parsed the request. */
export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
  /**
   * Aborted once the client that sent the file has gone before its answer (a Cancel just as the last byte left, a
   * dropped connection): it was told, or will assume, that nothing was saved, so the write rolls back.
   */
  abandoned?: AbortSignal;
}

export function nowIso(): string {
  return new Date().toISOString();
}
