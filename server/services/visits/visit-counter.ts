/*
 * What the rest of the server sees of the visit counter (visit-recorder.ts makes it): the beacon's endpoint and
 * the ServiceContext name these, and import nothing else of visits/, so the context imports no service.
 */

/** What the beacon's endpoint hands over: everything here is dropped once the page view is made. */
export interface Beacon {
  /** The request body: `{"p": path and query, "r": referrer}`. */
  body: string;
  /** The client's address as the server trusts it (TRUST_PROXY). */
  address: string;
  userAgent: string;
  /** `Sec-GPC: 1` or `DNT: 1`. */
  optedOut: boolean;
  /** The session cookie's token, when the request carries one: the signed-in administrator is not counted. */
  sessionToken: string | undefined;
}

export interface VisitRecorder {
  /** Turns a beacon into a page view in the queue, or counts why not. Never throws. */
  record: (beacon: Beacon) => Promise<void>;
  /** Writes what waits, beacons still being read included (also run by the timer and when a batch is full). */
  flush: () => Promise<void>;
  /** Stops the timer, then writes what waits, beacons still being read included. */
  stop: () => Promise<void>;
}
