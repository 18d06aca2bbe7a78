import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_DASHBOARD_PORT } from './e2e-env';

/**
 * The image files the managers' clean-ups deleted, shared by both workers. A page of another test that
 * listed such a row a moment before (the hero banner and the projects grid list every project) may still
 * ask for its image; that one 404 is expected, any other is not. The dashboard server's start empties it.
 */
export const DELETED_UPLOADS_FILE = path.join(os.tmpdir(), `studio-e2e-${E2E_DASHBOARD_PORT}-deleted-uploads`);

const IMAGE_NAME = /[\w.-]+\.(?:jpe?g|png|webp|avif|gif)/g;

/** Records every image file named in a row's JSON, before the row is deleted. */
export function recordDeletedUploads(rowJson: string): void {
  const names = rowJson.match(IMAGE_NAME) ?? [];
  if (names.length > 0) fs.appendFileSync(DELETED_UPLOADS_FILE, `${names.join('\n')}\n`);
}

export function wasDeletedUpload(url: string): boolean {
  const { pathname } = new URL(url || 'about:blank');
  if (!pathname.startsWith('/uploads/')) return false;
  const recorded = fs.readFileSync(DELETED_UPLOADS_FILE, { encoding: 'utf8', flag: 'a+' }).split('\n');
  return recorded.includes(path.posix.basename(pathname));
}
