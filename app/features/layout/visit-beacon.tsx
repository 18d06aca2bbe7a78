import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { VISIT_BEACON_PATH } from '../../../core/constants';

/**
 * Counts a public page view (decision 019): once the page has hydrated and at every client-side navigation,
 * `navigator.sendBeacon` posts the path with its query (which may hold UTM fields) and, for the first view, the
 * referrer. Nothing is written to cookies or storage, and nothing is rendered, so the page's HTML is the same
 * for every visitor. Without JavaScript nothing is sent, which keeps most bots out too.
 */
export function VisitBeacon() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const referrer = first.current ? document.referrer : '';
    first.current = false;
    navigator.sendBeacon?.(VISIT_BEACON_PATH, JSON.stringify({ p: pathname + search, r: referrer }));
  }, [pathname, search]);
  return null;
}
