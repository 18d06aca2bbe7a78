import http from 'node:http';
import { discover, percentile } from './mixed-load';
import { beaconRequest, CHROME_USER_AGENT, contactRequest, publicAddress } from './visitor-requests';

/**
 * An open model of the site's visitors (issue 33): requests start on a fixed schedule whatever the answers' speed,
 * so a slow server shows in the latencies instead of slowing the arrivals and hiding itself, as a fixed number of
 * busy connections (wrk, autocannon) does. Each latency counts from the time the schedule gave the request, not
 * from when this process got round to sending it (wrk2's correction for coordinated omission), and how late the
 * sending was is reported beside it. Every arrival comes from an address of its own (X-Forwarded-For: the server
 * must run with TRUST_PROXY=1), so no per-address limit refuses a simulated visitor.
 *
 * A node:http client in this process rather than autocannon: autocannon's overallRate paces each connection,
 * which waits for its answer before the next request, and a step of the breakpoint needs thousands a second at
 * a known CPU cost (`clientCpuSeconds`) on a machine of two cores the server needs too.
 */

/** What a visitor's browser starts: a page (then its beacon, once the page has come), an image, a contact post. */
export const ARRIVAL_KINDS = ['page', 'image', 'contact', 'beacon'] as const;
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];

/**
 * Issue 33's mix, of the arrivals (the beacons come on top, one per page view): a quarter images, 2 % contact posts,
 * the rest page views. At 400 page views/s that is 548 arrivals and 948 requests a second.
 */
export const VISITOR_MIX: Partial<Record<ArrivalKind, number>> = { page: 0.73, image: 0.25, contact: 0.02 };

export interface OpenTargets {
  pages: string[];
  /** The images the pages reference (`src` and `srcset`): the variants a browser would fetch. */
  images: string[];
}

// Up to the quote, space, comma or bracket that ends it in an attribute, a srcset or the route data (`\"` there).
const UPLOAD_REFERENCE = /\/uploads\/[^"'\\\s,)?#]+/g;

/** Every public page (mixed-load's discovery), and every `/uploads/` image their HTML references. */
export async function discoverOpenTargets(base: string): Promise<OpenTargets> {
  const { pages } = await discover(base);
  const images = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(base + page)).text();
    for (const [reference] of html.matchAll(UPLOAD_REFERENCE)) images.add(reference);
  }
  for (const image of images) {
    const response = await fetch(base + image);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${image}, referenced by a page, answers ${response.status}`);
  }
  return { pages, images: [...images] };
}

export interface KindFigures {
  /** Milliseconds from the scheduled start to the end of the answer, sorted. */
  latencies: number[];
  statuses: Map<number, number>;
  timeouts: number;
  /** Refused, reset or failed connections, by code. */
  socketErrors: Map<string, number>;
}

export interface OpenFigures {
  byKind: Record<ArrivalKind, KindFigures>;
  arrivalsPerS: number;
  durationS: number;
  /** How late this process sent requests against the schedule: its own lag, not the server's. */
  sendLagP99Ms: number;
  clientCpuSeconds: number;
}

/** Answers of a kind that failed: time-outs, socket errors and statuses of 400 or more. */
export function failuresOf(figures: KindFigures): number {
  let failed = figures.timeouts;
  for (const count of figures.socketErrors.values()) failed += count;
  for (const [status, count] of figures.statuses) if (status >= 400) failed += count;
  return failed;
}

export function requestsOf(figures: KindFigures): number {
  return figures.latencies.length + figures.timeouts + [...figures.socketErrors.values()].reduce((a, b) => a + b, 0);
}

// A fresh address for every visitor of every run in this process, so no limit's window carries one over.
let visitorNumber = 0;

/**
 * Sends `arrivalsPerS` arrivals a second for `durationS` seconds, evenly spaced, their kinds interleaved in the
 * proportions of `mix` (exactly, not drawn at random, so a short run has its share of contact posts too), and
 * waits for every answer or its time-out.
 */
export async function runOpenLoad(
  base: string,
  targets: OpenTargets,
  options: { arrivalsPerS: number; durationS: number; mix: Partial<Record<ArrivalKind, number>>; timeoutMs?: number },
): Promise<OpenFigures> {
  const { arrivalsPerS, durationS, mix } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { hostname, port } = new URL(base);
  // As many connections as a second of arrivals, so none waits for a free one until answers take a second.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(64, Math.ceil(arrivalsPerS)) });
  const byKind = {} as Record<ArrivalKind, KindFigures>;
  for (const kind of ARRIVAL_KINDS)
    byKind[kind] = { latencies: [], statuses: new Map(), timeouts: 0, socketErrors: new Map() };

  function send(
    kind: ArrivalKind,
    request: { method: string; path: string; headers: Record<string, string>; body?: string },
    scheduledAt: number,
  ): Promise<number | undefined> {
    const figures = byKind[kind];
    const headers = request.body
      ? { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
      : request.headers;
    return new Promise((resolve) => {
      let timedOut = false;
      let status: number | undefined;
      let failure: string | undefined;
      const outgoing = http.request(
        { agent, hostname, port, method: request.method, path: request.path, headers },
        (answer) => {
          // A cut answer is counted when the request closes, below.
          answer.on('error', () => undefined);
          answer.resume();
          answer.once('end', () => {
            status = answer.statusCode!;
            figures.latencies.push(performance.now() - scheduledAt);
            figures.statuses.set(status, (figures.statuses.get(status) ?? 0) + 1);
          });
        },
      );
      const timer = setTimeout(
        () => {
          timedOut = true;
          outgoing.destroy();
        },
        Math.max(0, scheduledAt + timeoutMs - performance.now()),
      );
      outgoing.on('error', (error: Error & { code?: string }) => (failure ??= error.code ?? error.message));
      // Whatever happened, a request closes once: answered, timed out (destroyed, with or without an 'error'), or cut.
      outgoing.once('close', () => {
        clearTimeout(timer);
        if (status === undefined) {
          if (timedOut) figures.timeouts += 1;
          else figures.socketErrors.set(failure ?? 'closed', (figures.socketErrors.get(failure ?? 'closed') ?? 0) + 1);
        }
        resolve(status);
      });
      outgoing.end(request.body);
    });
  }

  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const browser = { 'user-agent': CHROME_USER_AGENT, 'accept-encoding': 'gzip, br' };

  async function arrive(kind: ArrivalKind, scheduledAt: number): Promise<unknown> {
    visitorNumber += 1;
    const visitor = { 'x-forwarded-for': publicAddress(visitorNumber) };
    const page = pick(targets.pages);
    const beacon = () => {
      const request = beaconRequest(base, page);
      return send('beacon', { ...request, headers: { ...request.headers, ...visitor } }, performance.now());
    };
    switch (kind) {
      case 'page': {
        const status = await send(
          'page',
          { method: 'GET', path: page, headers: { ...browser, ...visitor, accept: 'text/html,*/*;q=0.8' } },
          scheduledAt,
        );
        // The layout sends the beacon once the page has loaded; a visitor whose page failed sends none.
        return status !== undefined && status < 400 ? beacon() : undefined;
      }
      case 'image':
        return send(
          'image',
          {
            method: 'GET',
            path: pick(targets.images),
            headers: { ...browser, ...visitor, accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
          },
          scheduledAt,
        );
      case 'contact': {
        const request = contactRequest(base, visitorNumber);
        return send('contact', { ...request, headers: { ...request.headers, ...visitor } }, scheduledAt);
      }
      case 'beacon':
        return beacon();
    }
  }

  // Each arrival goes to the kind furthest behind its share so far.
  const credit = new Map(Object.entries(mix).map(([kind]) => [kind as ArrivalKind, 0]));
  const nextKind = (): ArrivalKind => {
    let chosen: ArrivalKind | undefined;
    for (const [kind, share] of Object.entries(mix) as [ArrivalKind, number][]) {
      credit.set(kind, credit.get(kind)! + share);
      if (chosen === undefined || credit.get(kind)! > credit.get(chosen)!) chosen = kind;
    }
    credit.set(chosen!, credit.get(chosen!)! - 1);
    return chosen!;
  };

  const cpuBefore = process.cpuUsage();
  const total = Math.round(arrivalsPerS * durationS);
  const started = performance.now();
  const pending: Promise<unknown>[] = [];
  const lags: number[] = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    for (let due = started + (sent * 1000) / arrivalsPerS; sent < total && due <= now;) {
      lags.push(now - due);
      pending.push(arrive(nextKind(), due));
      sent += 1;
      due = started + (sent * 1000) / arrivalsPerS;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  for (const figures of Object.values(byKind)) figures.latencies.sort((a, b) => a - b);
  return {
    byKind,
    arrivalsPerS,
    durationS,
    sendLagP99Ms: percentile(
      lags.sort((a, b) => a - b),
      0.99,
    ),
    clientCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
