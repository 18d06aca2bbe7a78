import { type RefObject, useEffect, useState } from 'react';

/** True once the element has been at least `threshold` visible; stays true. */
export function useSeenOnce(element: RefObject<Element | null>, threshold: number): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, threshold, seen]);
  return seen;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
