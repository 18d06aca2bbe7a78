import { LOADING_FADE_MS } from '../../../core/constants';

/**
 * The first-visit loading animation's picture. Whether it shows, and for how long, is decided before the first
 * paint by the head script of `loading-decision.ts`, through `<html data-loading>` and the stylesheet: the server
 * renders this for every visitor alike, and nothing here waits for React.
 */
export function LoadingScreen({ brandName }: { brandName: string }) {
  return (
    <div
      className="loading-screen"
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
