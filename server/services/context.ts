import type { Config } from '../config';
import type { Db } from '../db/database';

/** What every service function needs: the database and where uploads live. */
export interface ServiceContext {
  db: Db;
  uploadsDir: string;
  config: Config;
}

/** An uploaded file as the services see it, whatever parsed the request. */
export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
}

export function nowIso(): string {
  return new Date().toISOString();
}
