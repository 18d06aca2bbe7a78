import cluster from 'node:cluster';

/**
 * One JSON line per event on stdout, so a log collector can parse every line.
 * Callers pass only what is safe to keep: never passwords, cookies or tokens.
 */
export type LogLevel = 'info' | 'warn' | 'error';

/** Which process of a cluster (WEB_CONCURRENCY) wrote a line; a single process needs no name. */
const processField = cluster.isWorker ? { pid: process.pid } : {};

/**
 * Info lines written in one turn of the event loop leave in one write: a file or pipe write is a system call made
 * while the request waits, and under load a turn holds many requests' lines. A warning or an error goes at once,
 * after them, and whatever waits goes when the process exits.
 */
let pending = '';

function flush(): void {
  if (!pending) return;
  const lines = pending;
  pending = '';
  process.stdout.write(lines);
}

process.on('exit', flush);

export function logEvent(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...processField, ...fields })}\n`;
  if (level !== 'info') {
    flush();
    process.stdout.write(line);
    return;
  }
  if (!pending) setImmediate(flush);
  pending += line;
}
