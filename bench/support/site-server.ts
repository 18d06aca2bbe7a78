import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Node's flags and the environment `npm start` gives the server (`NAME=value … node --flag … server.js`), so that
 * the benchmarks measure the server as production runs it.
 */
function startCommand(): { flags: string[]; env: Record<string, string> } {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [, assignments = '', flags = ''] =
    /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)server\.js/.exec(manifest.scripts.start) ?? [];
  return {
    flags: flags.split(' ').filter(Boolean),
    env: Object.fromEntries(
      assignments
        .split(' ')
        .filter(Boolean)
        .map((assignment) => assignment.split('=', 2) as [string, string]),
    ),
  };
}

/**
 * Starts the production server (`node server.js`) on a free port with the given data folder. Its output goes
 * to `logFile` when given, as `npm start > file` would write it, or else through a pipe this process drains.
 */
export async function startSite(
  dataDir: string,
  env: Record<string, string> = {},
  logFile?: string,
): Promise<{ url: string; child: ChildProcess }> {
  const output = logFile ? fs.openSync(logFile, 'w') : 'pipe';
  const command = startCommand();
  const child = spawn(process.execPath, [...command.flags, 'server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...command.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'bench-password',
      // A loopback address while listening on loopback only: the server's warning about SITE_URL stays out of the figures.
      SITE_URL: 'http://127.0.0.1',
      // A run that spans 02:00 Bhutan time would otherwise time a backup too.
      BACKUP_SCHEDULE: 'off',
      ...env,
    },
    stdio: ['ignore', output, 'inherit'],
  });
  if (typeof output === 'number') fs.closeSync(output);
  const url = logFile ? await readyInFile(logFile, child) : await readyInPipe(child);
  return { url, child };
}

const READY = /Site ready at http:\/\/localhost:(\d+)/;

async function readyInFile(logFile: string, child: ChildProcess): Promise<string> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}: ${fs.readFileSync(logFile, 'utf8')}`);
    const match = READY.exec(fs.readFileSync(logFile, 'utf8'));
    if (match) return `http://127.0.0.1:${match[1]}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function readyInPipe(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let log = '';
    const watch = (chunk: Buffer) => {
      log += chunk.toString();
      const match = READY.exec(log);
      if (!match) return;
      // Past start-up the request log only needs draining, not keeping: a pipe left full would stall the server.
      child.stdout!.off('data', watch);
      child.stdout!.resume();
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on('data', watch);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
