import type pg from 'pg';
import { logEvent } from '../log';
import { NETWORK_ERROR_CODES } from '../network-errors';

/**
 * How long a query, or getting a connection, may take before the database is taken for gone. Every query of this
 * site takes milliseconds (the 1,000-project list about 70 ms), and a request's answer must come within 2 s when
 * the database does not, so a request spends at most one such wait: after it, the next calls fail at once.
 */
export const DATABASE_TIMEOUT_MS = 1500;
/** While the database is gone, how often one probe asks whether it is back. */
const PROBE_INTERVAL_MS = 1000;

/** The database does not answer (stopped, crashed, unreachable, too slow): the request gets 503, not 500. */
export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The database is unavailable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** pg-pool's words when no connection of a full pool came free in time (a new one that does not come says others). */
const POOL_QUEUE_TIMEOUT = 'timeout exceeded when trying to connect';
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
  /** False from a connection failure until a probe gets an answer again. */
  readonly available: boolean;
  /** Stops the probe (the database is being closed). */
  stop: () => void;
}

interface GuardedClient {
  query: (text: string, values: unknown[]) => Promise<pg.QueryResult>;
  release: () => void;
}

function withDeadline<T>(work: Promise<T>, onLate: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onLate();
      reject(new DatabaseUnavailableError(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)));
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
 * A pg pool as Kysely's PostgresDriver uses it (`connect`, a client's `query` and `release`, `end`), that turns a
 * database outage into DatabaseUnavailableError within DATABASE_TIMEOUT_MS. The first failure marks the database
 * unavailable: from then on every call fails at once, with no connection attempt, while one probe a second asks
 * whether it is back; the first answer makes it available again. A client whose query failed that way is
 * destroyed, never handed to the next request with a late answer still on its way.
 *
 * Without this, the pool's `error` event (an idle connection ended by the server) was unhandled and took the
 * process down, and a request waited as long as the network did.
 */
export function guardPool(pool: pg.Pool): {
  pool: Pick<pg.Pool, 'connect' | 'end'>;
  availability: DatabaseAvailability;
} {
  let available = true;
  let downSince = 0;
  let probe: NodeJS.Timeout | undefined;
  let stopped = false;

  const scheduleProbe = () => {
    if (stopped) return;
    probe = setTimeout(() => {
      withDeadline(pool.query('select 1'), () => undefined).then(() => {
        available = true;
        probe = undefined;
        logEvent('info', 'database available again', { afterMs: Date.now() - downSince });
      }, scheduleProbe);
    }, PROBE_INTERVAL_MS);
    probe.unref();
  };

  const markDown = (error: unknown) => {
    if (!available) return;
    available = false;
    downSince = Date.now();
    logEvent('error', 'database unavailable', { error: error instanceof Error ? error.message : String(error) });
    scheduleProbe();
  };

  /** Passes a query's failure on as what it means: DatabaseUnavailableError for an outage, as is otherwise. */
  const failure = (error: unknown): never => {
    if (!isConnectionFailure(error)) throw error;
    // Waiting that long for a connection the pool lends (all ten busy) says the site is busy, not that the
    // database is gone: this request gets its 503, the others go on. A database too slow to answer shows in the
    // queries those connections run, which do mark it.
    if (!(error instanceof Error && error.message === POOL_QUEUE_TIMEOUT)) {
      markDown(error instanceof DatabaseUnavailableError ? (error.cause ?? error) : error);
    }
    throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  };

  // An idle connection the server ended: the database is going or gone. Unhandled, this event ends the process.
  pool.on('error', (error) => markDown(error));

  const guarded = {
    async connect(): Promise<GuardedClient> {
      if (!available) throw new DatabaseUnavailableError();
      const client = await pool.connect().catch(failure);
      let broken = false;
      // The connection may end between two queries of a transaction; pg emits that on the client it lent out,
      // where, unheard, it would end the process as the pool's own event did.
      const onError = (error: Error) => {
        broken = true;
        markDown(error);
      };
      client.on('error', onError);
      return {
        query: (text, values) => {
          if (!available) {
            broken = true;
            return Promise.reject(new DatabaseUnavailableError());
          }
          const querying = client.query(text, values);
          // The answer that comes after its deadline has no one waiting for it.
          querying.catch(() => undefined);
          return withDeadline(querying, () => (broken = true)).catch((error: unknown) => {
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
      stopped = true;
      clearTimeout(probe);
      return pool.end();
    },
  };
  const availability: DatabaseAvailability = {
    get available() {
      return available;
    },
    stop: () => {
      stopped = true;
      clearTimeout(probe);
    },
  };
  return { pool: guarded as unknown as Pick<pg.Pool, 'connect' | 'end'>, availability };
}
