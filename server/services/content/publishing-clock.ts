/**
 * The time that decides what is public: a scheduled project or post becomes public when this passes its
 * `publishedAt`. It is the real time, moved forward only by tests (TEST_CLOCK=1 lets the signed-in
 * administrator move it, `PUT /api/test-clock`): a browser test sees a post appear at its time without
 * waiting for it. Only forward, so tests sharing a server never see something public become hidden again.
 */
let offsetMs = 0;

export function publishingNow(): string {
  return new Date(publishingNowMs()).toISOString();
}

/** The same time in milliseconds, for what else tests move with it (the /uploads memory's rechecks). */
export function publishingNowMs(): number {
  return Date.now() + offsetMs;
}

export function movePublishingClockForward(byMs: number): void {
  offsetMs += Math.max(0, byMs);
}
