import { VISIT_BEACON_LIMIT, VISIT_WIDER_LIMITS } from '../../../core/constants';
import { networkKey, rateLimitKey } from '../limits/client-key';
import type { VisitDropReason } from './visit-recorder';

/** One key's window, linked to the windows that began just before and after it. */
interface Window {
  key: string;
  startedAt: number;
  count: number;
  older: Window | undefined;
  newer: Window | undefined;
}

/**
 * Page views per key in a fixed window, counted in this process's memory. The database's rate limits
 * (rate-limit.ts) write a row per request, which is what batching the beacons avoids; the price is that each
 * process of each instance counts alone, so a client spread over N processes gets N times the limit.
 * At most `maxKeys` are tracked, in a list in the order their windows began: ended windows are forgotten from its
 * oldest end, and a newcomer that finds every place taken evicts the oldest, so new visitors are never all refused
 * however many addresses a flood uses (the evicted key starts afresh; the network and site limits bound that).
 * O(1) per view: a list of its own rather than a Map's insertion order, as a Map that has lost entries from its
 * front walks past their holes to reach its first one (60 µs a view at 50,000 keys, measured).
 */
export class BeaconLimit {
  private readonly windows = new Map<string, Window>();
  private oldest: Window | undefined;
  private newest: Window | undefined;

  constructor(
    private readonly limit: { max: number; windowMs: number },
    private readonly maxKeys: number,
  ) {}

  /** Counts a view of `key`; false when it is past its limit. */
  take(key: string, now: number): boolean {
    while (this.oldest && this.ended(this.oldest, now)) this.forget(this.oldest);
    let window = this.windows.get(key);
    // One that ended behind a later one (the clock stepped back) begins again too.
    if (window && this.ended(window, now)) {
      this.forget(window);
      window = undefined;
    }
    if (!window) {
      if (this.oldest && this.windows.size >= this.maxKeys) this.forget(this.oldest);
      window = { key, startedAt: now, count: 0, older: this.newest, newer: undefined };
      if (this.newest) this.newest.newer = window;
      else this.oldest = window;
      this.newest = window;
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.limit.max;
  }

  /** How many keys are tracked. */
  get size(): number {
    return this.windows.size;
  }

  private ended(window: Window, now: number): boolean {
    return now - window.startedAt >= this.limit.windowMs;
  }

  private forget(window: Window): void {
    this.windows.delete(window.key);
    if (window.older) window.older.newer = window.newer;
    else this.oldest = window.newer;
    if (window.newer) window.newer.older = window.older;
    else this.newest = window.older;
  }
}

/** Why a view was refused by BeaconLimits. */
export type BeaconRefusal = Extract<VisitDropReason, 'rate-limited' | 'network-limited' | 'site-limited'>;

/**
 * The limits a view passes, in turn: its client's (an address, an IPv6 one by its /64: VISIT_BEACON_LIMIT), its
 * network's (an IPv6 /48, an IPv4 /24) and the whole site's per minute in this process (VISIT_WIDER_LIMITS), all
 * scaled by `clientMax` (ANALYTICS_BEACON_LIMIT_MAX, which benchmarks raise). A view refused by one is not
 * counted by the next.
 */
export class BeaconLimits {
  private readonly client: BeaconLimit;
  private readonly network: BeaconLimit;
  private readonly site: BeaconLimit;

  constructor(clientMax: number) {
    const { windowMs, keys } = VISIT_BEACON_LIMIT;
    const { networkMultiple, siteMultiple, siteWindowMs } = VISIT_WIDER_LIMITS;
    this.client = new BeaconLimit({ max: clientMax, windowMs }, keys);
    this.network = new BeaconLimit({ max: clientMax * networkMultiple, windowMs }, keys);
    this.site = new BeaconLimit({ max: clientMax * siteMultiple, windowMs: siteWindowMs }, 1);
  }

  /** Counts a view from `address`; the reason it is refused, or undefined when it may be kept. */
  refusal(address: string, now: number): BeaconRefusal | undefined {
    if (!this.client.take(rateLimitKey(address), now)) return 'rate-limited';
    if (!this.network.take(networkKey(address), now)) return 'network-limited';
    if (!this.site.take('site', now)) return 'site-limited';
    return undefined;
  }
}
