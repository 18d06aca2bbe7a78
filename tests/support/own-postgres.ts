import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './test-server';

/**
 * A PostgreSQL server of the test's own, made with Debian's initdb and pg_ctl in a temporary folder, so a test can
 * crash it (`pg_ctl stop -m immediate`: every backend quits at once, and the next start runs crash recovery) and
 * start it again without touching the machine's shared one.
 */
export interface OwnPostgres {
  port: number;
  url: string;
  crash: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

const run = promisify(execFile);

/** Debian's PostgreSQL programs, or undefined when this machine has none. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((version) => path.join(root, version, 'bin')).find((dir) => fs.existsSync(`${dir}/pg_ctl`));
  return bin;
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-own-pg-'));
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  // initdb and postgres refuse to run as root: as root, run them as the postgres user, owner of the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(folder, 0o777);
  // Run without blocking: the test's own requests go on while PostgreSQL stops and starts.
  const program = async (name: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, name);
    await run(command, asRoot ? ['-u', 'postgres', '--', path.join(bin, name), ...args] : args, { cwd: folder });
  };
  await program('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  const start = () => program('pg_ctl', ['start', '-w', '-D', dataDir, '-l', path.join(folder, 'log'), '-o', options]);
  const crash = () => program('pg_ctl', ['stop', '-m', 'immediate', '-D', dataDir]);
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash,
    start,
    destroy: async () => {
      await crash().catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
