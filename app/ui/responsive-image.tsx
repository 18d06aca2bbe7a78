import { useEffect, useRef, useState } from 'react';
import { phoneSrcSet, type ShownImage, shownImage } from '../../core/shown-image';
import type { ImageDetails } from '../../core/types';
import { useSeenOnce } from '../lib/use-in-view';
import { PHONE } from './image-sizes';

export interface ResponsiveImageProps {
  /** The image as the page's loader shaped it, or a stored image's details (shaped here, by the same rule). */
  image: ShownImage | ImageDetails | null | undefined;
  /** A plain path, when no details are known (fixed pictures under /images). */
  src?: string;
  alt: string;
  sizes: string;
  /** The LCP image: fetched at once and first. */
  priority?: boolean;
  /**
   * Fetched only once it comes within half a screen of the viewport. Chrome's own lazy loading starts 1250 to
   * 2500 px ahead, which on a phone's first screen of the home page is every picture of Last Projects (issue
   * 28). Until then a box of the picture's size stands in; without JavaScript a `<noscript>` copy shows it.
   */
  deferred?: boolean;
  className?: string;
  width?: number;
  height?: number;
  /** SPEC section 8: 'Image Not Found', or 'No Image' when there is none. */
  fallbackText?: string;
  /** A picture to show instead when this one fails (team members fall back to the founder's). */
  fallbackSrc?: string;
  onClick?: () => void;
  /** Drawn whole (`object-fit: contain`), where the focal point would only move it off centre. */
  whole?: boolean;
}

/** Within half a screen above or below it: on a phone, the home page's first screen fetches no picture below it. */
const NEAR_VIEWPORT = { rootMargin: '50% 0px' };

function isShown(image: ShownImage | ImageDetails): image is ShownImage {
  return !('variants' in image);
}

/** A format's `<source>`s: on a phone only the candidates up to 1200 px, when the image has larger ones. */
function sources(type: string, srcset: string, sizes: string) {
  if (!srcset) return null;
  const phone = phoneSrcSet(srcset);
  return (
    <>
      {phone !== srcset && <source media={PHONE} type={type} srcSet={phone} sizes={sizes} />}
      <source type={type} srcSet={srcset} sizes={sizes} />
    </>
  );
}

/**
 * An uploaded image with AVIF and WebP variants for `srcset`, its width and
 * height (nothing shifts while it loads), and a placeholder when it fails.
 */
export function ResponsiveImage(props: ResponsiveImageProps) {
  const { alt, sizes, priority = false, deferred = false, className } = props;
  const image = props.image && (isShown(props.image) ? props.image : shownImage(props.image, alt));
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const stand = useRef<HTMLDivElement>(null);
  const near = useSeenOnce(stand, NEAR_VIEWPORT, deferred);
  const src = image ? image.src : props.src;

  // An image may fail before hydration attaches onError.
  useEffect(() => {
    const element = img.current;
    if (element && element.complete && element.naturalWidth === 0) setFailed(true);
  }, [src, near]);

  if (failed && props.fallbackSrc) {
    return (
      <img
        className={className}
        src={props.fallbackSrc}
        alt={alt}
        width={props.width ?? 400}
        height={props.height ?? 400}
        loading="lazy"
      />
    );
  }
  const width = image?.width ?? props.width;
  const height = image?.height ?? props.height;
  if (!src || failed) {
    return (
      <div
        className={`image-placeholder ${className ?? ''}`}
        role="img"
        aria-label={alt}
        style={{ aspectRatio: `${props.width ?? 3} / ${props.height ?? 2}` }}
      >
        <span aria-hidden="true">{src ? (props.fallbackText ?? 'Image Not Found') : 'No Image'}</span>
      </div>
    );
  }

  const picture = (ref: typeof img | undefined) => {
    const element = (
      <img
        ref={ref}
        className={className}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        style={image?.position && !props.whole ? { objectPosition: image.position } : undefined}
        onError={ref ? () => setFailed(true) : undefined}
        onClick={props.onClick}
      />
    );
    if (!image || (!image.avif && !image.webp)) return element;
    return (
      <picture>
        {sources('image/avif', image.avif, sizes)}
        {sources('image/webp', image.webp, sizes)}
        {element}
      </picture>
    );
  };
  if (deferred && !near) {
    return (
      <div
        ref={stand}
        className={`deferred-image ${className ?? ''}`}
        role="img"
        aria-label={alt}
        // A class that draws the picture gives its box; without one, the stored picture's proportions do.
        style={className || !width || !height ? undefined : { aspectRatio: `${width} / ${height}` }}
      >
        <noscript>{picture(undefined)}</noscript>
      </div>
    );
  }
  return picture(img);
}
