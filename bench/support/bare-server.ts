import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts a bare node:http server (`script`, which prints `port N` once it listens) in a process of its own,
 * as ours runs, so neither shares a core with the load generator.
 */
export async function startBareServer(
  script: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(/port (\d+)/.exec(chunk.toString())?.[1] ?? ''));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}
