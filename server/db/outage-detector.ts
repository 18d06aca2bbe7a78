import { errorText, logEvent } from '../log';

/**
 * What a failed call, or a probe, says about the database: `gone` is certain (the connection was refused or ended,
 * PostgreSQL said it is shutting down), `unanswered` is not (no answer within the deadline: a database that hangs,
 * or one slow query on a loaded machine).
 */
export type DatabaseFailure = 'gone' | 'unanswered';
/** A probe's outcome: an answer, or the failure and its error. */
export type ProbeOutcome = 'answered' | { failure: DatabaseFailure; error: unknown };

/**
 * While the database is doubted or unavailable, how often a probe is sent, each on a connection of its own and
 * without waiting for the one before: the first one that answers ends the outage, so the site serves again within
 * this of the database's return, even where an earlier probe still waits for its deadline.
 */
export const PROBE_INTERVAL_MS = 500;
/**
 * Probes without an answer, after a query without one, that make the database unavailable. One slow query at a
 * load of 10 (issue 33) is not an outage: it costs its own request a 503; the site goes on while the probes decide.
 */
export const UNANSWERED_PROBES_FOR_OUTAGE = 2;

type State = 'available' | 'doubted' | 'unavailable';

/**
 * Whether the database answers, with hysteresis: a certain failure makes it unavailable at once; a query without an
 * answer only doubts it, and it is unavailable once UNANSWERED_PROBES_FOR_OUTAGE probes in a row have had none
 * either (or one was refused). From the first failure a probe goes out at once and then every PROBE_INTERVAL_MS; the
 * first answer makes it available again. While doubted, requests go on as usual; while unavailable, every call fails
 * at once (`available` is false).
 */
export class OutageDetector {
  private state: State = 'available';
  private since = 0;
  private unanswered = 0;
  /** Which doubt or outage a probe was sent for: a late outcome of an earlier one counts for nothing. */
  private episode = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `probe` asks the database once, within its deadline, and says what came of it; it never rejects. */
  constructor(private readonly probe: () => Promise<ProbeOutcome>) {}

  /** False from a certain failure, or enough probes without an answer, until a probe gets one. */
  get available(): boolean {
    return this.state !== 'unavailable';
  }

  /** A query or a connection failed for want of the database. */
  failed(failure: DatabaseFailure, error: unknown): void {
    if (this.state === 'unavailable') return;
    if (failure === 'gone') {
      this.goDown(error);
    } else if (this.state === 'available') {
      this.state = 'doubted';
      this.since = Date.now();
      logEvent('warn', 'database slow', { error: errorText(error) });
    }
    this.startProbing();
  }

  /** Stops the probes (the database is being closed). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private goDown(error: unknown): void {
    if (this.state === 'available') this.since = Date.now();
    this.state = 'unavailable';
    logEvent('error', 'database unavailable', { error: errorText(error) });
  }

  private startProbing(): void {
    if (this.stopped || this.timer) return;
    this.episode += 1;
    this.unanswered = 0;
    this.sendProbe();
    this.timer = setInterval(() => this.sendProbe(), PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  private sendProbe(): void {
    const episode = this.episode;
    void this.probe().then((outcome) => {
      if (this.stopped || episode !== this.episode || this.state === 'available') return;
      if (outcome === 'answered') {
        clearInterval(this.timer);
        this.timer = undefined;
        logEvent('info', this.state === 'unavailable' ? 'database available again' : 'database answers in time again', {
          afterMs: Date.now() - this.since,
        });
        this.state = 'available';
        return;
      }
      if (this.state === 'unavailable') return;
      this.unanswered += 1;
      if (outcome.failure === 'gone' || this.unanswered >= UNANSWERED_PROBES_FOR_OUTAGE) this.goDown(outcome.error);
    });
  }
}
