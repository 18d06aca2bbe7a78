import { logEvent } from '../log';
import type { StoreReachability } from './media-storage';
import { reasonOf, StorageUnavailableError } from './storage-faults';

/**
 * How long what the bucket last did (answered a request, or not) stands for its state, for `/api/health` and the
 * dashboard; older than that, the next one to ask sends one probe (decision 027). So a monitor asking every second
 * costs at most one request to the bucket in this time, and none while the site's own requests reach it anyway.
 */
export const STORAGE_STATE_TTL_MS = 15_000;
/** While the bucket does not answer, how often one probe asks whether it is back (its Retry-After is 30 s). */
export const STORAGE_PROBE_INTERVAL_MS = 5_000;
/** A probe's one attempt: a bucket that answers lists one key in milliseconds. */
export const STORAGE_PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the bucket answers, as far as this process knows: the outcome of its last request (any answer counts,
 * even a refusal; none, or a 5xx, does not), refreshed by a probe when it is older than STORAGE_STATE_TTL_MS. From
 * the first request without an answer until a probe gets one, a probe asks every STORAGE_PROBE_INTERVAL_MS, so
 * the state, and the start-up work an outage put off (`whenAnswering`), follow the bucket's return by themselves.
 * Meanwhile the probe is the only request sent: every other one is refused at once (`refuseWhileDown`).
 */
export class StorageReachability implements StoreReachability {
  private answering = true;
  private knownAt = 0;
  private downSince = 0;
  private probing: Promise<void> | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private waiting: (() => void)[] = [];
  private stopped = false;

  /**
   * `part` names the bucket in the log ("image store"); `probe` asks it once, within STORAGE_PROBE_TIMEOUT_MS, as a
   * request whose outcome is recorded here.
   */
  constructor(
    private readonly part: string,
    private readonly probe: () => Promise<void>,
  ) {}

  /** The outcome of a request: answered, or the error it failed with. */
  record(outcome: { answered: true } | { answered: false; error: unknown }): void {
    this.knownAt = Date.now();
    if (outcome.answered) {
      if (this.answering) return;
      this.answering = true;
      clearTimeout(this.probeTimer);
      this.probeTimer = undefined;
      logEvent('info', `${this.part} available again`, { afterMs: Date.now() - this.downSince });
      for (const resolve of this.waiting.splice(0)) resolve();
      return;
    }
    if (!this.answering) return;
    this.answering = false;
    this.downSince = Date.now();
    logEvent('error', `${this.part} unavailable`, { error: reasonOf(outcome.error) });
    this.scheduleProbe();
  }

  /** As far as this process knows, without asking the bucket. */
  get known(): boolean {
    return this.answering;
  }

  /**
   * Throws StorageUnavailableError at once while the bucket is known not to answer (from a request or probe without
   * an answer until a probe gets one), so that no request waits out the client's timeouts on a bucket that hangs,
   * about 15 s each (decision 026). Not yet known (no request so far) is not down.
   */
  refuseWhileDown(): void {
    if (this.answering) return;
    const waited = Date.now() - this.downSince;
    const reason = `no answer for ${waited} ms, so not asked (a probe asks every ${STORAGE_PROBE_INTERVAL_MS} ms)`;
    throw new StorageUnavailableError(Object.assign(new Error(reason), { name: 'NotSent' }));
  }

  /** Whether the bucket answers: what is known, or, when that is STORAGE_STATE_TTL_MS old, one probe's outcome. */
  async answers(): Promise<boolean> {
    if (Date.now() - this.knownAt >= STORAGE_STATE_TTL_MS) await this.probeOnce();
    return this.answering;
  }

  /** Resolves once the bucket answers: at once when it does, or when a probe finds it back. */
  whenAnswering(): Promise<void> {
    if (this.answering) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops the probes (the storage is being closed). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.probeTimer);
  }

  /** One probe at a time: whoever asks meanwhile shares its outcome. */
  private probeOnce(): Promise<void> {
    this.probing ??= this.probe()
      // Its outcome is recorded as every request's is.
      .catch(() => undefined)
      .finally(() => (this.probing = undefined));
    return this.probing;
  }

  /** One chain of probes at most, however often the bucket goes and comes back meanwhile. */
  private scheduleProbe(): void {
    if (this.stopped || this.probeTimer) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      void this.probeOnce().then(() => {
        if (!this.answering) this.scheduleProbe();
      });
    }, STORAGE_PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }
}
