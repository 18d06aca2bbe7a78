import cluster from 'node:cluster';

/**
 * One JSON line per event on stdout, so a log collector can parse every line.
 * Callers pass only what is safe to keep: never passwords, cookies or tokens.
 */
export type LogLevel = 'info' | 'warn' | 'error';

/** Which process of a cluster (WEB_CONCURRENCY) wrote a line; a single process needs no name. */
const processField = cluster.isWorker ? { pid: process.pid } : {};

/**
 * Info lines leave together, LOG_FLUSH_MS after the first of them or once LOG_FLUSH_BYTES wait: a file or pipe
 * write is a system call, and one per request line cost a kept page more CPU than sending it (decision 028). A
 * warning or an error goes at once, after them, and whatever waits goes when the process exits.
 */
const LOG_FLUSH_MS = 50;
const LOG_FLUSH_BYTES = 64 * 1024;
let pending = '';

function flush(): void {
  if (!pending) return;
  const lines = pending;
  pending = '';
  process.stdout.write(lines);
}

process.on('exit', flush);

/** An error as a log line's `error` field says it: its message, or what was thrown when it is no Error. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function logEvent(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...processField, ...fields })}\n`;
  if (level !== 'info') {
    flush();
    process.stdout.write(line);
    return;
  }
  if (!pending) setTimeout(flush, LOG_FLUSH_MS).unref();
  pending += line;
  if (pending.length >= LOG_FLUSH_BYTES) flush();
}
