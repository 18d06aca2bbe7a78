import { useEffect, useRef } from 'react';
import type { ImageDetails } from '../../../core/types';
import { type Carousel, CarouselArrows } from '../../ui/carousel';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';

/**
 * The fullscreen viewer: locks page scrolling while open; Escape or the close
 * button close it; the arrow keys move between images.
 */
export function ImageViewer({
  images,
  carousel,
  onClose,
}: {
  images: ImageDetails[];
  /** The gallery's: the viewer moves through the same images and leaves the gallery where it stopped. */
  carousel: Carousel;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const index = carousel.current;
  const current = images[index]!;

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    element?.showModal();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') carousel.next();
    else if (event.key === 'ArrowLeft') carousel.previous();
  };

  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label="Image viewer"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <button type="button" className="viewer__close" onClick={onClose} aria-label="Close viewer" autoFocus>
        ×
      </button>
      <ResponsiveImage
        key={current.path}
        image={current}
        alt={current.alt}
        sizes={IMAGE_SIZES.viewer}
        className="viewer__image"
        whole
      />
      {images.length > 1 && <CarouselArrows carousel={carousel} noun="image" block="viewer" />}
      <p className="viewer__counter">
        {index + 1} / {images.length}
      </p>
    </dialog>
  );
}
