import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { walIndexWatch } from '../../server/services/cache/wal-index-watch';

// Decision 028: the page cache's reading of other connections' commits, without a read transaction.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** The pragma the watch stands in for, counting how often it is asked. */
function countedDataVersion(db: Database.Database) {
  const statement = db.prepare('PRAGMA data_version').pluck();
  const asked = { count: 0 };
  return {
    asked,
    dataVersion: () => {
      asked.count += 1;
      return statement.get() as number;
    },
  };
}

function walDatabase(): { file: string; db: Database.Database } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-index-watch-'));
  folders.push(folder);
  const file = path.join(folder, 'site.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table notes (text text)');
  return { file, db };
}

describe('walIndexWatch', () => {
  it('moves at every commit of another connection, and only then, asking the pragma only after a commit', () => {
    const { file, db } = walDatabase();
    const { asked, dataVersion } = countedDataVersion(db);
    const watch = walIndexWatch(db, dataVersion)!;
    const other = new Database(file);
    const start = watch();
    expect(watch()).toBe(start);
    other.prepare('select count(*) from notes').get();
    db.prepare('select count(*) from notes').get();
    expect(watch()).toBe(start);
    expect(asked.count).toBe(1);
    // Its own connection's commit rewrites the header, but is no other connection's.
    db.prepare('insert into notes values (?)').run('own');
    expect(watch()).toBe(start);
    expect(asked.count).toBe(2);
    other.prepare('insert into notes values (?)').run('one');
    const afterOne = watch();
    expect(afterOne).not.toBe(start);
    expect(watch()).toBe(afterOne);
    other.prepare('insert into notes values (?)').run('two');
    expect(watch()).not.toBe(afterOne);
    other.close();
    db.close();
  });

  it('sees a commit made by another process', () => {
    const { file, db } = walDatabase();
    const watch = walIndexWatch(db, countedDataVersion(db).dataVersion)!;
    const before = watch();
    const script = `const D = require('better-sqlite3'); new D(${JSON.stringify(file)}).prepare("insert into notes values ('x')").run();`;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: process.cwd() });
    expect(result.status, result.stderr.toString()).toBe(0);
    expect(watch()).not.toBe(before);
    expect(db.prepare('select count(*) as n from notes').get()).toEqual({ n: 1 });
    db.close();
  });

  it('leaves the decision to PRAGMA data_version where the index is not shared', () => {
    const { db } = walDatabase();
    db.pragma('locking_mode = EXCLUSIVE');
    expect(walIndexWatch(db, countedDataVersion(db).dataVersion)).toBeUndefined();
    db.close();
    const memory = new Database(':memory:');
    expect(walIndexWatch(memory, countedDataVersion(memory).dataVersion)).toBeUndefined();
    memory.close();
  });
});
