import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { PARTIAL_INFIX } from './backup-archive';

/** A dump of a studio's database takes seconds; one this late is stuck (a lock held, a network gone), not slow. */
const PG_DUMP_TIMEOUT_MS = 30 * 60 * 1000;

/** pg_dump's path when a folder of PATH holds it, as the shell would find it. */
export function findPgDump(searchPath = process.env.PATH ?? ''): string | undefined {
  for (const folder of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, 'pg_dump');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/**
 * DATABASE_URL as libpq (pg_dump, pg_restore, psql) reads it, and its password apart. libpq takes a space in the
 * query as %20 only: a `+`, as URLSearchParams writes one in options=-c search_path=…, reaches PostgreSQL as a plus.
 */
export function libpqUrl(databaseUrl: string): { url: string; password: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  url.search = [...url.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return { url: url.toString(), password };
}

/** A pg_dump failure, told apart from the other failures of a backup (backup-failure.ts). */
export class PgDumpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgDumpError';
  }
}

/**
 * Dumps the site's schema (the one its tables are in: `public`, or the one DATABASE_URL's search_path names) in
 * pg_dump's custom format, which pg_restore reads, to `file`: under a temporary name beside it, renamed at the end.
 * The password goes to pg_dump in its environment, not on its command line, where any local user could read it.
 */
export async function dumpPostgres(db: Db, databaseUrl: string, pgDump: string, file: string): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const { url, password } = libpqUrl(databaseUrl);
  const partial = `${file}${PARTIAL_INFIX}${randomBytes(6).toString('hex')}`;
  try {
    await promisify(execFile)(
      pgDump,
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--schema=${rows[0]!.schema}`,
        `--file=${partial}`,
        `--dbname=${url}`,
      ],
      { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, timeout: PG_DUMP_TIMEOUT_MS },
    );
  } catch (error) {
    fs.rmSync(partial, { force: true });
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new PgDumpError((stderr?.trim() || message).split('\n')[0]!);
  }
  fs.renameSync(partial, file);
}
