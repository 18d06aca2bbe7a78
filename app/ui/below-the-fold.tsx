import { type ReactNode, Suspense } from 'react';

/**
 * Content below the first screen. The server renders it like the rest; in the browser React finds
 * it inside a Suspense boundary and hydrates it after the rest of the page, at low priority in its
 * own short tasks (at once if a visitor clicks in it first), so the header, menus and hero answer
 * sooner and hydration never runs as one long task. Nothing in it suspends, so there is no fallback.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
