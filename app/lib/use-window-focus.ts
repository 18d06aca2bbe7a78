import { useEffect, useRef } from 'react';
import { REFETCH_AFTER_FOCUS_MS } from '../../core/constants';

/** Calls `onFocus` REFETCH_AFTER_FOCUS_MS after the window regains focus (SPEC section 4). */
export function useAfterWindowFocus(onFocus: () => void): void {
  const latest = useRef(onFocus);
  useEffect(() => {
    latest.current = onFocus;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), REFETCH_AFTER_FOCUS_MS);
    };
    window.addEventListener('focus', handle);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', handle);
    };
  }, []);
}
