import { isbot } from 'isbot';
import type { Beacon, VisitRecorder } from './visit-counter';
import { VISIT_GAP_MS, VISIT_QUEUE } from '../../../core/constants';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { VisitEventsTable } from '../../db/schema';
import { errorText, logEvent } from '../../log';
import { rateLimitKey } from '../limits/client-key';
import type { ServiceContext } from '../context';
import { repeating } from '../repeating';
import { findSession } from '../account/sessions';
import { BeaconLimits } from './beacon-limit';
import { addDays, siteDay } from './visit-day';
import { browserFamily, deviceClass } from '../user-agent';
import { pageTraitsOf, referrerHostOf } from './visit-traits';
import { visitCountingOn } from './visit-switch';
import { countryLookup } from './country-lookup';
import { VisitorSalts, visitorHash } from './visitor-hash';

/** Why a beacon was not kept; the dashboard shows each count per day. */
export const VISIT_DROP_REASONS = [
  'bot',
  'queue-full',
  'rate-limited',
  'network-limited',
  'site-limited',
  'opted-out',
] as const;
export type VisitDropReason = (typeof VISIT_DROP_REASONS)[number];

/** A page view waiting for its batch: its row as stored, and what joins a visit across midnight. */
interface PendingView extends Omit<Insertable<VisitEventsTable>, 'id'> {
  /** The visitor under yesterday's salt, while that salt exists: kept in memory only, to join a visit. */
  visitorYesterday?: string;
}

export interface VisitRecorderOptions {
  /** The clock (ms); the server's moves with TEST_CLOCK's publishing clock. */
  now?: () => number;
  batchSize?: number;
  flushMs?: number;
  /** The country of an address: this process's lookup (countryLookup), unless a test gives its own. */
  countryOf?: (address: string) => Promise<string | null>;
}

function parseBeacon(body: string): { address: string; referrer: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { p, r } = parsed as Record<string, unknown>;
    if (typeof p !== 'string') return undefined;
    return { address: p, referrer: typeof r === 'string' ? r : '' };
  } catch {
    return undefined;
  }
}

/**
 * Crawlers and monitors isbot 5.2.3 lets through, found by tests/fixtures/bot-user-agents.txt: monitors (Uptime
 * Kuma, NodePing), Lighthouse runs, Dart's HTTP client, Windows' WebDAV client and Office's link previews.
 */
const MORE_BOTS = /uptime-kuma|nodeping|\blighthouse\b|dart:io|webdav-miniredir|^microsoft office\//i;

export function isBotUserAgent(userAgent: string): boolean {
  return userAgent.trim() === '' || isbot(userAgent) || MORE_BOTS.test(userAgent);
}

/** Up to this many rows per insert: within SQLite's and PostgreSQL's limits on bound values. */
const INSERT_CHUNK = 200;

/**
 * Counts page views without making the visitor wait (decision 019): the endpoint answers 204 first, and this
 * keeps each view in a bounded queue, written in one transaction per batch, every `flushMs` or once `batchSize`
 * wait. A full queue drops the view and counts it; so do a bot, a client, network or site past its limit
 * (BeaconLimits) and an opt-out signal.
 * The counts of what was dropped go into `visit_drops` with the next batch. Each process of each instance
 * writes its own batches into the shared database.
 */
export function startVisitRecorder(ctx: ServiceContext, options: VisitRecorderOptions = {}): VisitRecorder {
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? VISIT_QUEUE.batchSize;
  const { queueMax } = ctx.config.analytics;
  const site = ctx.config.siteUrl;
  const zone = ctx.config.siteTimeZone;
  const siteHost = new URL(site).hostname;
  const salts = new VisitorSalts(ctx.db);
  const limits = new BeaconLimits(ctx.config.analytics.beaconLimitMax);
  const countryOf = options.countryOf ?? countryLookup().countryOf;
  let queue: PendingView[] = [];
  let drops = new Map<string, number>();
  let stopped = false;
  let failing = false;
  // Beacons answered but still being read (session, salt, country): a flush waits for them, so it writes every view
  // the endpoint has answered for.
  const reading = new Set<Promise<void>>();

  const drop = (day: string, reason: VisitDropReason, count = 1) => {
    const key = `${day}|${reason}`;
    drops.set(key, (drops.get(key) ?? 0) + count);
  };

  async function viewOf(beacon: Beacon, at: number): Promise<PendingView | VisitDropReason | undefined> {
    const sent = parseBeacon(beacon.body);
    const page = sent && pageTraitsOf(sent.address);
    if (!sent || !page) return undefined;
    if (isBotUserAgent(beacon.userAgent)) return 'bot';
    if (beacon.optedOut) return 'opted-out';
    if (beacon.sessionToken && (await findSession(ctx, beacon.sessionToken, at))) return undefined;
    const refused = limits.refusal(beacon.address, at);
    if (refused) return refused;
    const addressKey = rateLimitKey(beacon.address);
    const day = siteDay(at, zone);
    const salt = (await salts.saltOf(day, { make: true, now: at }))!;
    const yesterdaySalt = await salts.saltOf(addDays(day, -1), { make: false, now: at });
    // The address's country, from this process's memory or the cluster primary's; the address goes no further.
    // Until the table is loaded (about a second after the server starts listening) a view waits for it here, not
    // in the queue; if it could not be loaded, the view has no country.
    const country = await countryOf(beacon.address);
    return {
      at: new Date(at).toISOString(),
      day,
      ...page,
      referrerHost: referrerHostOf(sent.referrer, siteHost),
      device: deviceClass(beacon.userAgent),
      browser: browserFamily(beacon.userAgent),
      country,
      visitor: visitorHash(salt, site, addressKey, beacon.userAgent),
      ...(yesterdaySalt ? { visitorYesterday: visitorHash(yesterdaySalt, site, addressKey, beacon.userAgent) } : {}),
    };
  }

  function record(beacon: Beacon): Promise<void> {
    if (stopped) return Promise.resolve();
    const read = queueView(beacon).finally(() => reading.delete(read));
    reading.add(read);
    return read;
  }

  async function queueView(beacon: Beacon): Promise<void> {
    const at = now();
    try {
      const view = await viewOf(beacon, at);
      if (view === undefined) return;
      if (typeof view === 'string') return drop(siteDay(at, zone), view);
      if (queue.length >= queueMax) return drop(view.day, 'queue-full');
      queue.push(view);
      if (queue.length >= batchSize) void flushes.run();
    } catch (error) {
      // The database did not answer for the salt or the session: the view is lost, the page was not.
      logEvent('warn', 'visit not counted', { error: errorText(error) });
    }
  }

  async function writeBatch(batch: PendingView[], dropped: Map<string, number>): Promise<void> {
    if (!(await visitCountingOn(ctx.db))) return;
    const rows = await joinAcrossMidnight(ctx.db, batch);
    await ctx.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('visitEvents')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .execute();
      }
      for (const [key, count] of dropped) {
        const [day, reason] = key.split('|') as [string, string];
        await trx
          .insertInto('visitDrops')
          .values({ day, reason, count })
          .onConflict((conflict) =>
            conflict.columns(['day', 'reason']).doUpdateSet((eb) => ({
              count: eb('visitDrops.count', '+', eb.ref('excluded.count')),
            })),
          )
          .execute();
      }
    });
  }

  async function flushOnce(): Promise<void> {
    if (queue.length === 0 && drops.size === 0) return;
    const batch = queue;
    const dropped = drops;
    queue = [];
    drops = new Map();
    try {
      await writeBatch(batch, dropped);
      if (failing) logEvent('info', 'visits written again');
      failing = false;
    } catch (error) {
      // Kept for the next flush, within the queue's bound; what does not fit is counted as dropped.
      if (!failing) logEvent('warn', 'visits not written', { error: errorText(error) });
      failing = true;
      const keep = batch.slice(0, Math.max(0, queueMax - queue.length));
      for (const view of batch.slice(keep.length)) drop(view.day, 'queue-full');
      queue = [...keep, ...queue];
      for (const [key, count] of dropped) drops.set(key, (drops.get(key) ?? 0) + count);
    }
  }

  const flushes = repeating(flushOnce, { everyMs: options.flushMs ?? VISIT_QUEUE.flushMs, startNow: false });

  const readingDone = () => Promise.all(reading);

  return {
    record,
    flush: async () => {
      await readingDone();
      await flushes.run();
    },
    stop: async () => {
      stopped = true;
      await readingDone();
      await flushes.stop();
      await flushOnce();
    },
  };
}

/**
 * A view whose visitor, under yesterday's salt, had a view less than VISIT_GAP_MS before it keeps yesterday's
 * hash: a visit that goes on across midnight is one visitor, not two. Looked up once per batch (the views of the
 * last half hour of those hashes), and within the batch in time order.
 */
async function joinAcrossMidnight(db: Db, batch: PendingView[]) {
  const hashes = [...new Set(batch.flatMap((view) => (view.visitorYesterday ? [view.visitorYesterday] : [])))];
  const lastSeen = new Map<string, number>();
  const see = (visitor: string, at: number) => lastSeen.set(visitor, Math.max(at, lastSeen.get(visitor) ?? at));
  if (hashes.length > 0) {
    const earliest = Math.min(...batch.map((view) => Date.parse(view.at)));
    const rows = await db
      .selectFrom('visitEvents')
      .select((eb) => ['visitor', eb.fn.max('at').as('at')])
      .where('visitor', 'in', hashes)
      .where('at', '>=', new Date(earliest - VISIT_GAP_MS).toISOString())
      .groupBy('visitor')
      .execute();
    for (const row of rows) see(row.visitor, Date.parse(row.at));
  }
  return [...batch]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ visitorYesterday, ...view }) => {
      const at = Date.parse(view.at);
      const before = visitorYesterday === undefined ? undefined : lastSeen.get(visitorYesterday);
      const visitor = before !== undefined && at - before < VISIT_GAP_MS ? visitorYesterday! : view.visitor;
      see(visitor, at);
      return { ...view, visitor };
    });
}
