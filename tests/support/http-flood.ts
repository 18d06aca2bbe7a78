import { Worker } from 'node:worker_threads';

/**
 * GETs every target from `base` (a loopback server), `concurrency` at a time, in a worker thread; resolves with
 * the count of answers per status.
 */
export function floodInWorker(base: string, targets: string[], concurrency: number): Promise<Record<number, number>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-flood-worker.js', import.meta.url), {
      workerData: { base, targets, concurrency },
    });
    worker.once('message', (statuses: Record<number, number>) => resolve(statuses));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the flood worker exited with ${code}`));
    });
  });
}
