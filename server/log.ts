import cluster from 'node:cluster';

/**
 * One JSON line per event on stdout, so a log collector can parse every line.
 * Callers pass only what is safe to keep: never passwords, cookies or tokens.
 */
export type LogLevel = 'info' | 'warn' | 'error';

/** Which process of a cluster (WEB_CONCURRENCY) wrote a line; a single process needs no name. */
const processField = cluster.isWorker ? { pid: process.pid } : {};

export function logEvent(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...processField, ...fields })}\n`,
  );
}
