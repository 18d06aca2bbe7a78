import { afterEach, beforeEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { loadSecretKey } from '../../server/secret-box';
import type { ServiceContext } from '../../server/services/context';
import { createMediaStorage } from '../../server/storage';
import { onPostgres, postgresUrlFor } from './test-database';
import { onS3, testBucket } from './test-media';

/**
 * Domain tests call the services in the test's own process, on a database and a media storage of their own,
 * opened the way the server opens them (readConfig, openDatabase, createMediaStorage, loadSecretKey): no server
 * to spawn, no HTTP in between. Spawned servers (test-server.ts) stay for what only HTTP shows.
 */
export interface DomainContext extends ServiceContext {
  dataDir: string;
  /** Destroys the database and removes the data folder (a PostgreSQL schema waits for dropTestSchemas). */
  close: () => Promise<void>;
}

const DATABASE_FILE = 'studio.sqlite';

let template: Promise<string> | undefined;

/**
 * The SQLite file every context starts from, migrated once per test process: migrating took 80–180 ms on a
 * busy two-core machine, copying the file under 2 ms. Closing the only connection checkpoints the WAL into the
 * file and removes it, so the one file is the whole database.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-template-'));
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, DATABASE_FILE);
    const db = openDatabase({ databaseFile: file });
    await migrateToLatest(db);
    await db.destroy();
    return file;
  })();
  return template;
}

/**
 * A fresh, migrated site with no administrator and no demo content, configured by `env` beyond the data
 * folder (CONTACT_RATE_LIMIT_MAX, say). On PostgreSQL each context migrates a schema of its own (0.3–1 s
 * measured): a schema cannot be copied, and a template database would need rights the test role need not have.
 */
export async function openDomainContext(env: Record<string, string> = {}): Promise<DomainContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-domain-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ...(onPostgres ? { DATABASE_URL: await postgresUrlFor(dataDir) } : {}),
    ...(onS3 ? (await testBucket(dataDir)).env : {}),
    ...env,
  });
  if (!onPostgres) fs.copyFileSync(await migratedTemplate(), config.databaseFile);
  const db = openDatabase(config);
  if (onPostgres) await migrateToLatest(db);
  const storage = await createMediaStorage(config);
  await storage.prepare();
  return {
    db,
    storage,
    config,
    secretKey: await loadSecretKey(config),
    dataDir,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        storage.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A fresh context for each test of the calling file, closed after it; tests read it as `site.ctx`. A
 * `beforeEach` the file adds after this call runs after the context is open, so it can fill it.
 */
export function contextPerTest(env: Record<string, string> = {}): { readonly ctx: DomainContext } {
  let current: DomainContext | undefined;
  beforeEach(async () => {
    current = await openDomainContext(env);
  });
  afterEach(() => current?.close());
  return {
    get ctx() {
      if (!current) throw new Error('the context opens before each test');
      return current;
    },
  };
}
