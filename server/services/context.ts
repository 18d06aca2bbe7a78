import type { Config } from '../config';
import type { Db } from '../db/database';
import type { MediaStorage } from '../storage/media-storage';
import type { Backups } from './backups/backup-runner';
import type { VisitRecorder } from './visits/visit-counter';

/** What every service function needs: the database, where the images live, the configuration and the key. */
export interface ServiceContext {
  db: Db;
  storage: MediaStorage;
  config: Config;
  /** The key that seals the secrets the database keeps (secret-box.ts): SECRET_KEY or DATA_DIR/secret.key. */
  secretKey: Buffer;
  /** The server's e-mail sender, when SMTP_URL is set: told of each new message so it need not wait to poll. */
  notifier?: { wake: () => void };
  /** The server's visit counter (decision 019), unless ANALYTICS=0. */
  visits?: VisitRecorder;
  /** The server's backups (decision 025): "Back up now", the Backups page, and in one process the schedule. */
  backups?: Backups;
}

/** An uploaded file as the services see it, whatever parsed the request. */
export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
}

export function nowIso(): string {
  return new Date().toISOString();
}
