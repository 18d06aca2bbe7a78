import cluster from 'node:cluster';
import { visitCountryTable } from './visit-country';

/**
 * Where a process looks up the country of a page view's address (decision 029). The table
 * (`visit-country.ts`, some 8 MB) is held once per machine: by a single process itself, and in a cluster
 * (WEB_CONCURRENCY above 1) by the primary, which the workers ask over the cluster's IPC channel. A view is
 * looked up after its beacon's 204, so the round trip (tens of microseconds) is never a visitor's wait.
 */
export interface CountryLookup {
  /** Starts loading the table where it is held, in the background: called once the server listens. */
  load: () => void;
  /** The ISO 3166-1 alpha-2 code of the address's country, or null (unknown, private, not loaded). */
  countryOf: (address: string) => Promise<string | null>;
}

/** A worker's messages to the primary, and the primary's answer (node:cluster's JSON over the IPC channel). */
const LOAD = 'visit-country-load';
const LOOKUP = 'visit-country-lookup';
const ANSWER = 'visit-country-answer';

interface LookupMessage {
  type: typeof LOOKUP;
  id: number;
  address: string;
}

interface AnswerMessage {
  type: typeof ANSWER;
  id: number;
  country: string | null;
}

const inProcess: CountryLookup = {
  load: () => void visitCountryTable(),
  countryOf: async (address) => (await visitCountryTable())?.countryOf(address) ?? null,
};

/** A cluster worker's lookup: each address goes to the primary, whose answer settles its promise. */
function fromPrimary(): CountryLookup {
  const waiting = new Map<number, (country: string | null) => void>();
  let lastId = 0;
  process.on('message', (message: AnswerMessage | undefined) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message.country);
    waiting.delete(message.id);
  });
  // The primary gone, no answer comes: the worker is stopping too (it exits when the channel closes).
  process.on('disconnect', () => {
    for (const settle of waiting.values()) settle(null);
    waiting.clear();
  });
  const send = (message: LookupMessage | { type: typeof LOAD }) => {
    if (!process.connected) return false;
    process.send!(message);
    return true;
  };
  return {
    load: () => void send({ type: LOAD }),
    countryOf: (address) =>
      new Promise((resolve) => {
        lastId += 1;
        if (!send({ type: LOOKUP, id: lastId, address })) return resolve(null);
        waiting.set(lastId, resolve);
      }),
  };
}

let lookup: CountryLookup | undefined;

/** This process's lookup: the primary's table in a cluster worker, its own otherwise. */
export function countryLookup(): CountryLookup {
  lookup ??= cluster.isWorker ? fromPrimary() : inProcess;
  return lookup;
}

/**
 * Run by a cluster's primary (server.js) before it forks: loads the table when a worker first asks (once it
 * listens, with visits counted: ANALYTICS=0 never asks), and answers every worker's lookups from it.
 */
export function answerCountryLookups(): void {
  cluster.on('message', (worker, message: { type?: string } | undefined) => {
    if (message?.type === LOAD) void visitCountryTable();
    if (message?.type !== LOOKUP) return;
    const { id, address } = message as LookupMessage;
    void visitCountryTable().then((table) => {
      const answer: AnswerMessage = { type: ANSWER, id, country: table?.countryOf(address) ?? null };
      if (worker.isConnected()) worker.send(answer);
    });
  });
}
