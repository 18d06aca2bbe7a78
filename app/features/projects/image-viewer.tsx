import { useEffect, useRef } from 'react';
import type { ImageDetails } from '../../../core/types';
import { wrapIndex } from '../../lib/wrap-index';
import { ResponsiveImage } from '../../ui/responsive-image';

/**
 * The fullscreen viewer: locks page scrolling while open; Escape or the close
 * button close it; the arrow keys move between images.
 */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: ImageDetails[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
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
    if (event.key === 'ArrowRight') onIndexChange(wrapIndex(index, 1, images.length));
    else if (event.key === 'ArrowLeft') onIndexChange(wrapIndex(index, -1, images.length));
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
      <ResponsiveImage key={current.path} image={current} alt={current.alt} sizes="100vw" className="viewer__image" />
      {images.length > 1 && (
        <>
          <button
            type="button"
            className="viewer__arrow viewer__arrow--prev"
            onClick={() => onIndexChange(wrapIndex(index, -1, images.length))}
            aria-label="Previous image"
          >
            ‹
          </button>
          <button
            type="button"
            className="viewer__arrow viewer__arrow--next"
            onClick={() => onIndexChange(wrapIndex(index, 1, images.length))}
            aria-label="Next image"
          >
            ›
          </button>
        </>
      )}
      <p className="viewer__counter">
        {index + 1} / {images.length}
      </p>
    </dialog>
  );
}
