import { useEffect, useRef, useState } from 'react';
import { resolveImageUrl } from '../../core/image-url';
import type { ImageDetails } from '../../core/types';

export interface ResponsiveImageProps {
  image: ImageDetails | null | undefined;
  /** A plain path, when no details are known (fixed pictures under /images). */
  src?: string;
  alt: string;
  sizes: string;
  /** The LCP image: fetched at once and first. */
  priority?: boolean;
  className?: string;
  width?: number;
  height?: number;
  /** SPEC section 8: 'Image Not Found', or 'No Image' when there is none. */
  fallbackText?: string;
  /** A picture to show instead when this one fails (team members fall back to the founder's). */
  fallbackSrc?: string;
  onClick?: () => void;
}

function srcSet(image: ImageDetails, format: 'webp' | 'avif'): string {
  return image.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${resolveImageUrl(variant.path)} ${variant.width}w`)
    .join(', ');
}

/**
 * An uploaded image with AVIF and WebP variants for `srcset`, its width and
 * height (nothing shifts while it loads), and a placeholder when it fails.
 */
export function ResponsiveImage(props: ResponsiveImageProps) {
  const { image, alt, sizes, priority = false, className } = props;
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const src = image ? resolveImageUrl(image.path) : props.src;

  // An image may fail before hydration attaches onError.
  useEffect(() => {
    const element = img.current;
    if (element && element.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);

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

  const width = image?.width ?? props.width;
  const height = image?.height ?? props.height;
  const element = (
    <img
      ref={img}
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      onClick={props.onClick}
    />
  );
  if (!image || image.variants.length === 0) return element;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, 'webp')} sizes={sizes} />
      {element}
    </picture>
  );
}
