import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { walIndexWatch } from '../../server/services/cache/wal-index-watch';

// Decision 028 and issue 33: the page cache reads the content version only after a commit, by any connection.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A count of the notes, as the content watch reads its version row, counting how often it is asked. */
function countedRead(db: Database.Database) {
  const statement = db.prepare('select count(*) from notes').pluck();
  const asked = { count: 0 };
  return {
    asked,
    read: () => {
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
  it('reads again after every commit of any connection, and only then', () => {
    const { file, db } = walDatabase();
    const { asked, read } = countedRead(db);
    const watch = walIndexWatch(db, read)!;
    const other = new Database(file);
    expect(watch()).toBe(0);
    expect(watch()).toBe(0);
    other.prepare('select count(*) from notes').get();
    db.prepare('select count(*) from notes').get();
    expect(watch()).toBe(0);
    expect(asked.count).toBe(1);
    db.prepare('insert into notes values (?)').run('own');
    expect(watch()).toBe(1);
    expect(asked.count).toBe(2);
    other.prepare('insert into notes values (?)').run('one');
    expect(watch()).toBe(2);
    expect(watch()).toBe(2);
    expect(asked.count).toBe(3);
    other.prepare('insert into notes values (?)').run('two');
    expect(watch()).toBe(3);
    other.close();
    db.close();
  });

  it('sees a commit made by another process', () => {
    const { file, db } = walDatabase();
    const watch = walIndexWatch(db, countedRead(db).read)!;
    expect(watch()).toBe(0);
    const script = `const D = require('better-sqlite3'); new D(${JSON.stringify(file)}).prepare("insert into notes values ('x')").run();`;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: process.cwd() });
    expect(result.status, result.stderr.toString()).toBe(0);
    expect(watch()).toBe(1);
    db.close();
  });

  it('leaves the reading to every call where the index is not shared', () => {
    const { db } = walDatabase();
    db.pragma('locking_mode = EXCLUSIVE');
    expect(walIndexWatch(db, countedRead(db).read)).toBeUndefined();
    db.close();
    const memory = new Database(':memory:');
    memory.exec('create table notes (text text)');
    expect(walIndexWatch(memory, countedRead(memory).read)).toBeUndefined();
    memory.close();
  });
});
