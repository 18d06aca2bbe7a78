import { logEvent } from './log';
import type { MediaStorage } from './storage';
import { reasonOf, StorageUnavailableError } from './storage/storage-faults';

/**
 * The start-up work that needs the image store (the sweep of unreferenced files, the demo content's images, the
 * missing variants) when the bucket does not answer (decision 027): the site starts without it, the log says in
 * words what waits, and each piece runs, in the order put off, once the bucket answers again; an outage in the
 * middle of one puts it off again. On disk nothing ever waits.
 */
export class WorkAwaitingStorage {
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;
  private readonly stopping = new AbortController();

  constructor(private readonly storage: MediaStorage) {}

  /**
   * Runs `work` now, or puts it off when the bucket is known not to answer, stops answering during it, or earlier
   * work still waits; `what` names it in the log ("the sweep of unreferenced image files").
   */
  async run(what: string, work: () => Promise<void>): Promise<void> {
    if (this.waiting === 0 && this.storage.reachability.known) {
      try {
        await work();
        return;
      } catch (error) {
        if (!(error instanceof StorageUnavailableError)) throw error;
      }
    }
    console.warn(`Waiting for the image store to answer before ${what}.`);
    this.putOff(what, work);
  }

  /** Stops waiting and waits for the work under way. */
  stop(): Promise<void> {
    this.stopping.abort();
    return this.queue;
  }

  private putOff(what: string, work: () => Promise<void>): void {
    this.waiting += 1;
    this.queue = this.queue
      .then(async () => {
        while (await this.answering()) {
          try {
            await work();
            logEvent('info', 'start-up work done once the image store answered', { work: what });
            return;
          } catch (error) {
            if (!(error instanceof StorageUnavailableError)) {
              logEvent('error', 'start-up work failed', { work: what, error: reasonOf(error) });
              return;
            }
          }
        }
      })
      .finally(() => (this.waiting -= 1));
  }

  /** Resolves true once the bucket answers, false when the server stops first. */
  private answering(): Promise<boolean> {
    if (this.stopping.signal.aborted) return Promise.resolve(false);
    return Promise.race([
      this.storage.reachability.whenAnswering().then(() => !this.stopping.signal.aborted),
      new Promise<boolean>((resolve) =>
        this.stopping.signal.addEventListener('abort', () => resolve(false), { once: true }),
      ),
    ]);
  }
}
