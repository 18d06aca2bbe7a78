import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/<name>.ts` as `npm run <name>` does, with `env` (DATA_DIR, DATABASE_URL…) and nothing else of the
 * test's environment; the exit code and output come back whether it succeeds or fails.
 */
export async function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `scripts/${name}.ts`, ...args],
      { cwd: path.resolve(import.meta.dirname, '..', '..'), env: { PATH: process.env.PATH, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
