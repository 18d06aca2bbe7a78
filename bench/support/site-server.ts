import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Node's flags in `npm start`, so that the benchmarks measure the server as production runs it. */
function startFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /node ((?:--\S+ )*)server\.js/.exec(manifest.scripts.start)?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

/** Starts the production server (`node server.js`) on a free port with the given data folder. */
export async function startSite(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...startFlags(), 'server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'bench-password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const watch = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Site ready at http:\/\/localhost:(\d+)/.exec(log);
      if (!match) return;
      // Past start-up the request log only needs draining, not keeping: a pipe left full would stall the server.
      child.stdout!.off('data', watch);
      child.stdout!.resume();
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on('data', watch);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log}`)));
  });
  return { url, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
