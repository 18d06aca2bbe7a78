import { type RefObject, useEffect, useState } from 'react';

/** True once the element has intersected the viewport as `options` say (while `watching`); stays true. */
export function useSeenOnce(
  element: RefObject<Element | null>,
  options: Pick<IntersectionObserverInit, 'threshold' | 'rootMargin'>,
  watching = true,
): boolean {
  const [seen, setSeen] = useState(false);
  const { threshold, rootMargin } = options;
  useEffect(() => {
    const target = element.current;
    if (!watching || !target || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, threshold, rootMargin, watching, seen]);
  return seen;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
