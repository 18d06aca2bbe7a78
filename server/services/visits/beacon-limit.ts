/**
 * Page views per client in a fixed window, counted in this process's memory (VISIT_BEACON_LIMIT). The database's
 * rate limits (rate-limit.ts) write a row per request, which is what batching the beacons avoids; the price is
 * that each process of each instance counts alone, so a client spread over N processes gets N times the limit.
 * At most `maxClients` are tracked: past that, windows that ended are forgotten, and a new client is refused
 * while every tracked one is still in its window.
 */
export class BeaconLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: { max: number; windowMs: number },
    private readonly maxClients = 50_000,
  ) {}

  /** Counts a view of `clientKey`; false when it is past its limit. */
  take(clientKey: string, now: number): boolean {
    let window = this.windows.get(clientKey);
    if (!window || now - window.startedAt >= this.limit.windowMs) {
      if (!window && this.windows.size >= this.maxClients) this.forgetEnded(now);
      if (!window && this.windows.size >= this.maxClients) return false;
      window = { startedAt: now, count: 0 };
      this.windows.set(clientKey, window);
    }
    window.count += 1;
    return window.count <= this.limit.max;
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.limit.windowMs) this.windows.delete(key);
    }
  }
}
