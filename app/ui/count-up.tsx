import { useEffect, useState } from 'react';
import { COUNTER_ANIMATION_MS } from '../../core/constants';
import { useHydrated, useMediaQuery } from '../lib/client-state';

/**
 * Counts from 0 to `value` over 2 s once `start` turns true. The server, a
 * page without JavaScript and reduced motion show the final value.
 */
export function useCountUp(value: number, start: boolean): number {
  const hydrated = useHydrated();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!start) return;
    let frame = 0;
    const began = performance.now();
    const step = (now: number) => {
      const done = Math.min(1, (now - began) / COUNTER_ANIMATION_MS);
      setProgress(done);
      if (done < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [start]);

  if (!hydrated || reducedMotion) return value;
  return Math.round(value * (1 - (1 - progress) ** 3));
}
