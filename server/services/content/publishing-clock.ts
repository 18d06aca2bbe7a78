/**
 * The time that decides what is public: a scheduled project or post becomes public when this passes its
 * `publishedAt`. It is the real time, moved forward only by tests (TEST_CLOCK=1 lets the signed-in
 * administrator move it, `PUT /api/test-clock`): a browser test sees a post appear at its time without
 * waiting for it. Only forward, so tests sharing a server never see something public become hidden again.
 */
let offsetMs = 0;
const movedListeners = new Set<() => void>();

export function publishingNow(): string {
  return new Date(publishingNowMs()).toISOString();
}

/** The same time in milliseconds, for what else tests move with it (the /uploads memory's rechecks). */
export function publishingNowMs(): number {
  return Date.now() + offsetMs;
}

export function movePublishingClockForward(byMs: number): void {
  offsetMs += Math.max(0, byMs);
  for (const listener of movedListeners) listener();
}

/**
 * Calls `listener` after each move, so what waits for a time (the backups' schedule) looks again at once rather
 * than at its next check. Answers the function that stops it.
 */
export function onPublishingClockMoved(listener: () => void): () => void {
  movedListeners.add(listener);
  return () => movedListeners.delete(listener);
}
