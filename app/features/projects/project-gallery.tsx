import { useState } from 'react';
import type { ImageDetails } from '../../../core/types';
import { wrapIndex } from '../../lib/wrap-index';
import { ResponsiveImage } from '../../ui/responsive-image';
import { ImageViewer } from './image-viewer';

/** The project's images with arrows, dots and a counter; the index wraps at both ends. */
export function ProjectGallery({ images, title }: { images: ImageDetails[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const current = images[index];
  if (!current) return <ResponsiveImage image={null} alt={title} sizes="100vw" width={1200} height={800} />;

  return (
    <div className="gallery" aria-roledescription="carousel" aria-label={`${title} images`}>
      <button
        type="button"
        className="gallery__stage"
        onClick={() => setViewerOpen(true)}
        aria-label={`Open image ${index + 1} of ${images.length} full screen`}
      >
        <ResponsiveImage
          key={current.path}
          image={current}
          alt={current.alt}
          sizes="(min-width: 1180px) 1180px, 100vw"
          priority={index === 0}
          className="gallery__image"
        />
      </button>
      {images.length > 1 && (
        <>
          <button
            type="button"
            className="gallery__arrow gallery__arrow--prev"
            onClick={() => setIndex(wrapIndex(index, -1, images.length))}
            aria-label="Previous image"
          >
            ‹
          </button>
          <button
            type="button"
            className="gallery__arrow gallery__arrow--next"
            onClick={() => setIndex(wrapIndex(index, 1, images.length))}
            aria-label="Next image"
          >
            ›
          </button>
          <p className="gallery__counter" aria-live="polite">
            {index + 1} / {images.length}
          </p>
          <div className="gallery__dots">
            {images.map((image, dot) => (
              <button
                key={image.path}
                type="button"
                className="gallery__dot"
                aria-label={`Show image ${dot + 1}`}
                aria-current={dot === index || undefined}
                onClick={() => setIndex(dot)}
              />
            ))}
          </div>
        </>
      )}
      {viewerOpen && (
        <ImageViewer images={images} index={index} onIndexChange={setIndex} onClose={() => setViewerOpen(false)} />
      )}
    </div>
  );
}
