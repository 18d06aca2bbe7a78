import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Node's arguments for `scripts/<name>.ts`, as `npm run <name>` runs it. */
const scriptArgs = (name: string, args: string[]) => ['--import', 'tsx', `scripts/${name}.ts`, ...args];

/**
 * Runs `scripts/<name>.ts` as `npm run <name>` does, with `env` (DATA_DIR, DATABASE_URL…) and nothing else of the
 * test's environment; the exit code and output come back whether it succeeds or fails.
 */
export async function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, scriptArgs(name, args), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Starts `scripts/<name>.ts` as runScript does, and answers once its output holds `line`, with the process still
 * running: for a test that stops it at that point (a kill in the middle of the work).
 */
export async function startScriptUntil(
  name: string,
  args: string[],
  env: Record<string, string>,
  line: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, scriptArgs(name, args), {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(line)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`scripts/${name}.ts ended (${code}) before "${line}":\n${output}`)));
  });
  return child;
}
