import pg from 'pg';
import { NETWORK_ERROR_CODES } from '../network-errors';
import { type DatabaseFailure, OutageDetector, type ProbeOutcome } from './outage-detector';

/**
 * How long a query, or getting a connection, may take before its request is answered 503. Every query of this site
 * takes milliseconds (the 1,000-project list about 70 ms), and a request's answer must come within 2 s when the
 * database does not, so a request spends at most one such wait. One such wait only doubts the database; once the
 * probes find it unavailable (outage-detector.ts), the next calls fail at once.
 */
export const DATABASE_TIMEOUT_MS = 1500;

/** The database does not answer (stopped, crashed, unreachable, too slow): the request gets 503, not 500. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unavailable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** pg-pool's words when no connection of a full pool came free in time. */
const POOL_QUEUE_TIMEOUT = 'timeout exceeded when trying to connect';
/** pg-pool's words when a new connection did not come in time. */
const CONNECTION_TIMEOUT = 'Connection terminated due to connection timeout';
/** node-postgres and PostgreSQL's own words for a connection that is gone or never came. */
const CONNECTION_FAILURE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Connection terminated unexpectedly)/;

/**
 * Whether an error says the database is gone rather than that the query was wrong: a network failure, a
 * connection ended, SQLSTATE class 08 (connection exception), 57P01–57P03 (the server is shutting down, crashed
 * or starting) or 53300 (too many connections).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')
      return true;
  }
  return CONNECTION_FAILURE_MESSAGES.test(error.message);
}

export interface DatabaseAvailability {
  /** False from a certain failure, or probes without an answer, until a probe gets one (outage-detector.ts). */
  readonly available: boolean;
}

interface GuardedClient {
  query: (text: string, values: unknown[]) => Promise<pg.QueryResult>;
  release: () => void;
}

class DeadlinePassed extends Error {
  constructor() {
    super(`no answer within ${DATABASE_TIMEOUT_MS} ms`);
    this.name = 'DeadlinePassed';
  }
}

/**
 * What a connection failure says of the database: no answer in time (our deadline, or pg-pool's for a new
 * connection), which may be a hang or one slow moment, or gone.
 */
function failureKind(error: unknown): DatabaseFailure {
  if (error instanceof DatabaseUnavailableError && error.cause instanceof DeadlinePassed) return 'unanswered';
  return error instanceof Error && error.message === CONNECTION_TIMEOUT ? 'unanswered' : 'gone';
}

/** The error the log line names: what made the database unavailable, rather than the wrapper that says so. */
function causeOf(error: unknown): unknown {
  return error instanceof DatabaseUnavailableError ? (error.cause ?? error) : error;
}

/**
 * Resolves as `work` does, or rejects with DatabaseUnavailableError at DATABASE_TIMEOUT_MS after calling `giveUp`,
 * which closes the connection `work` waits on: left open, a connection to a database that hangs holds its socket,
 * and the pool's `end` waits for it, for as long as the network does (issue 33: 11 minutes after SIGTERM).
 */
function withDeadline<T>(work: Promise<T>, giveUp: () => void): Promise<T> {
  // The answer that comes after the deadline has no one waiting for it.
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      giveUp();
      reject(new DatabaseUnavailableError(new DeadlinePassed()));
    }, DATABASE_TIMEOUT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Closes a connection the guard gave up on, at once. `end` alone says goodbye, which a peer that hangs never
 * acknowledges; it also tells pg that the end is ours, so no `error` event follows the destroyed socket.
 */
function closeNow(client: pg.Client): void {
  void client.end().catch(() => undefined);
  client.connection.stream.destroy();
}

/**
 * One `select 1` on a connection of its own, outside the pool: a pool whose ten connections are busy (a loaded
 * site) or stuck (a hang) neither fails it nor makes it wait. Connecting and asking share one deadline.
 */
function probeOnce(options: pg.ClientConfig, open: Set<pg.Client>): Promise<ProbeOutcome> {
  // Without pg's own connect deadline, which would end the wait at the same moment in words that say "gone".
  const client = new pg.Client({ ...options, connectionTimeoutMillis: 0 });
  open.add(client);
  // A refused or broken connection rejects `connect` or the query, which say it; the event would end the process.
  client.on('error', () => undefined);
  const asking = client.connect().then(() => client.query('select 1'));
  return withDeadline(asking, () => closeNow(client))
    .then(
      (): ProbeOutcome => 'answered',
      (error: unknown): ProbeOutcome => ({ failure: failureKind(error), error: causeOf(error) }),
    )
    .finally(() => {
      open.delete(client);
      void client.end().catch(() => undefined);
    });
}

/**
 * A pg pool as Kysely's PostgresDriver uses it (`connect`, a client's `query` and `release`, `end`), that turns a
 * database outage into DatabaseUnavailableError within DATABASE_TIMEOUT_MS, and tells the outage detector what it
 * saw: while the database is unavailable every call fails at once, with no connection attempt; while it is only
 * doubted (one query without an answer) the others go on. A connection whose query had no answer in time is
 * closed at the deadline, never handed to the next request with a late answer on its way, nor left open.
 *
 * Without this, the pool's `error` event (an idle connection ended by the server) was unhandled and took the
 * process down, and a request waited as long as the network did.
 */
export function guardPool(pool: pg.Pool): {
  pool: Pick<pg.Pool, 'connect' | 'end'>;
  availability: DatabaseAvailability;
} {
  const probing = new Set<pg.Client>();
  const detector = new OutageDetector(() => probeOnce(pool.options, probing));

  /** Passes a query's failure on as what it means: DatabaseUnavailableError for an outage, as is otherwise. */
  const failure = (error: unknown): never => {
    if (!isConnectionFailure(error)) throw error;
    // Waiting that long for a connection the pool lends (all ten busy) says the site is busy, not that the
    // database is gone: this request gets its 503, the others go on. A database too slow to answer shows in the
    // queries those connections run.
    if (!(error instanceof Error && error.message === POOL_QUEUE_TIMEOUT)) {
      detector.failed(failureKind(error), causeOf(error));
    }
    throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  };

  // An idle connection the server ended: the database is going or gone. Unhandled, this event ends the process.
  pool.on('error', (error) => detector.failed('gone', error));

  const guarded = {
    async connect(): Promise<GuardedClient> {
      if (!detector.available) throw new DatabaseUnavailableError();
      const client = await pool.connect().catch(failure);
      let broken = false;
      // The connection may end between two queries of a transaction; pg emits that on the client it lent out,
      // where, unheard, it would end the process as the pool's own event did.
      const onError = (error: Error) => {
        broken = true;
        detector.failed('gone', error);
      };
      client.on('error', onError);
      return {
        query: (text, values) => {
          // A connection given up on is closed; a transaction's ROLLBACK on it fails at once.
          if (broken || !detector.available) {
            broken = true;
            return Promise.reject(new DatabaseUnavailableError());
          }
          return withDeadline(client.query(text, values), () => {
            broken = true;
            closeNow(client);
          }).catch((error: unknown) => {
            if (isConnectionFailure(error)) broken = true;
            return failure(error);
          });
        },
        release: () => {
          client.removeListener('error', onError);
          client.release(broken);
        },
      };
    },
    end: () => {
      detector.stop();
      for (const client of probing) closeNow(client);
      return pool.end();
    },
  };
  const availability: DatabaseAvailability = {
    get available() {
      return detector.available;
    },
  };
  return { pool: guarded as unknown as Pick<pg.Pool, 'connect' | 'end'>, availability };
}
