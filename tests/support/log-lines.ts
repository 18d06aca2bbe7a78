import type { TestServer } from './test-server';

export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/** The JSON lines among the server's output; other lines (the start-up notice) are skipped. */
export function logLines(server: TestServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Lines are written when an answer finishes, which may reach the pipe just after the client has it. */
export async function waitForLines(server: TestServer, done: (lines: LogLine[]) => boolean): Promise<LogLine[]> {
  for (let tries = 0; tries < 50 && !done(logLines(server)); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return logLines(server);
}
