import { useState } from 'react';
import { FALLBACK_IMAGE } from '../../../core/constants';
import type { ImageDetails } from '../../../core/types';
import { CarouselArrows, useCarousel } from '../../ui/carousel';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';
import { ImageViewer } from './image-viewer';

/** The project's images with arrows, dots and a counter; the index wraps at both ends. */
export function ProjectGallery({ images, title }: { images: ImageDetails[]; title: string }) {
  const carousel = useCarousel(images.length);
  const index = carousel.current;
  const [viewerOpen, setViewerOpen] = useState(false);
  const current = images[index];
  // A project saved from the hero form may have no image: the built-in placeholder stands in.
  if (!current) {
    return (
      <ResponsiveImage
        image={null}
        src={FALLBACK_IMAGE}
        alt={title}
        sizes={IMAGE_SIZES.projectGallery}
        width={1200}
        height={800}
      />
    );
  }

  return (
    <div className="gallery" role="region" aria-roledescription="carousel" aria-label={`${title} images`}>
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
          sizes={IMAGE_SIZES.projectGallery}
          priority={index === 0}
          className="gallery__image"
        />
      </button>
      {images.length > 1 && (
        <>
          <CarouselArrows carousel={carousel} noun="image" block="gallery" />
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
                onClick={() => carousel.show(dot)}
              />
            ))}
          </div>
        </>
      )}
      {viewerOpen && <ImageViewer images={images} carousel={carousel} onClose={() => setViewerOpen(false)} />}
    </div>
  );
}
