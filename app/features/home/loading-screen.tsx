import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  LOADING_ANIMATION_FORCED_MS,
  LOADING_ANIMATION_MS,
  LOADING_FADE_MS,
  REVISIT_SKIP_WINDOW_MS,
} from '../../../core/constants';
import { LOADING_PLAYED_AT_KEY } from './loading-played-at';

/** How long the first-visit animation plays for this visit, or 0 to skip it. */
function animationLength(query: URLSearchParams, now: number): number {
  if (query.get('reset') === 'true') localStorage.removeItem(LOADING_PLAYED_AT_KEY);
  if (query.get('loading') === 'true') return LOADING_ANIMATION_FORCED_MS;
  const playedAt = Number(localStorage.getItem(LOADING_PLAYED_AT_KEY) ?? 0);
  return now - playedAt < REVISIT_SKIP_WINDOW_MS ? 0 : LOADING_ANIMATION_MS;
}

const noSubscription = () => () => {};
let decided: number | undefined;

/** Decided once per page load, since deciding to play records the time. */
function decideOnce(): number {
  if (decided === undefined) {
    decided = 0;
    try {
      const now = Date.now();
      decided = animationLength(new URLSearchParams(window.location.search), now);
      if (decided > 0) localStorage.setItem(LOADING_PLAYED_AT_KEY, String(now));
    } catch {
      // Storage refused (private mode): no animation rather than one on every visit.
    }
  }
  return decided;
}

/**
 * The first-visit loading animation, drawn over content that the server has
 * already rendered: 1.5 s, 2.5 s with ?loading=true, skipped on a revisit
 * within 30 minutes of its last play; ?reset=true forgets it.
 */
export function LoadingScreen({ brandName }: { brandName: string }) {
  const length = useSyncExternalStore(noSubscription, decideOnce, () => 0);
  const [phase, setPhase] = useState<'shown' | 'leaving' | 'hidden'>('shown');

  useEffect(() => {
    if (length === 0) return;
    const leave = setTimeout(() => setPhase('leaving'), length);
    const done = setTimeout(() => setPhase('hidden'), length + LOADING_FADE_MS);
    return () => {
      clearTimeout(leave);
      clearTimeout(done);
    };
  }, [length]);

  if (length === 0 || phase === 'hidden') return null;
  return (
    <div
      className="loading-screen"
      data-leaving={phase === 'leaving' || undefined}
      role="status"
      aria-label={`Loading ${brandName}`}
      style={{ '--loading-fade': `${LOADING_FADE_MS}ms` } as React.CSSProperties}
    >
      <div>
        <div className="loading-screen__mark" aria-hidden="true" />
        <p>{brandName}</p>
      </div>
    </div>
  );
}
