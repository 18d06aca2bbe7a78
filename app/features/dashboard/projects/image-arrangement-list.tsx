import { useEffect, useRef, useState } from 'react';
import { resolveImageUrl } from '../../../../core/image-url';
import type { Project } from '../../../../core/types';
import type { ArrangedImage } from './image-arrangement';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { IMAGE_DESCRIPTION_HINT } from './new-images';

const HINT_ID = 'image-manager-hint';

type Direction = 'up' | 'down';

/**
 * The project's images in gallery order, each with its alt text, Move up and
 * Move down buttons (the keyboard's way to reorder), Set as cover and Remove.
 * A moved image keeps the focus on its button and the new place is announced.
 */
export function ImageArrangement({
  project,
  arrangement,
  onChange,
  busy,
  onSetCover,
  onRemove,
  onFocalPoint,
}: {
  project: Project;
  arrangement: ArrangedImage[];
  onChange: (arrangement: ArrangedImage[]) => void;
  busy: boolean;
  onSetCover: (imageUrl: string) => void;
  onRemove: (imageUrl: string) => void;
  onFocalPoint: (imageUrl: string) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ index: number; direction: Direction } | null>(null);
  const details = new Map(project.imageDetails.map((image) => [image.path, image]));

  useEffect(() => {
    if (!moved) return;
    const item = list.current?.children[moved.index];
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction === 'up' ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  }, [moved]);

  function move(index: number, direction: Direction) {
    const target = direction === 'up' ? index - 1 : index + 1;
    const next = [...arrangement];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    setMoved({ index: target, direction });
  }

  return (
    <>
      <p id={HINT_ID} className="image-manager__hint">
        The gallery shows the images in this order. {IMAGE_DESCRIPTION_HINT}
      </p>
      <p className="visually-hidden" role="status">
        {moved && `Moved to position ${moved.index + 1} of ${arrangement.length}.`}
      </p>
      <ol ref={list} className="image-picker__list image-manager__list">
        {arrangement.map((image, index) => {
          const cover = image.imageUrl === project.image;
          const detail = details.get(image.imageUrl);
          const altId = `image-alt-${index}`;
          return (
            <li
              key={image.imageUrl}
              className="image-picker__item image-manager__item"
              aria-labelledby={`${altId}-name`}
            >
              <ResponsiveImage
                image={null}
                className="image-manager__picture"
                src={resolveImageUrl(image.imageUrl)}
                alt={image.alt.trim() || project.title}
                sizes="10rem"
                width={detail?.width}
                height={detail?.height}
              />
              <p id={`${altId}-name`} className="image-manager__name">
                Image {index + 1}
                {cover && (
                  <>
                    {' '}
                    <span className="project-badge project-badge--hero">Cover</span>
                  </>
                )}
              </p>
              <label htmlFor={altId}>Description of image {index + 1}</label>
              <input
                id={altId}
                aria-describedby={HINT_ID}
                type="text"
                maxLength={300}
                placeholder={project.title}
                value={image.alt}
                onChange={(event) =>
                  onChange(arrangement.map((item, at) => (at === index ? { ...item, alt: event.target.value } : item)))
                }
              />
              <div className="image-manager__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  data-move="up"
                  disabled={busy || index === 0}
                  onClick={() => move(index, 'up')}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  data-move="down"
                  disabled={busy || index === arrangement.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  Move down
                </button>
                {!cover && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={busy}
                    onClick={() => onSetCover(image.imageUrl)}
                  >
                    Set as cover
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy}
                  aria-label={`Focal point of image ${index + 1}`}
                  onClick={() => onFocalPoint(image.imageUrl)}
                >
                  Focal point
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy || arrangement.length === 1}
                  title={arrangement.length === 1 ? 'A project keeps at least one image' : undefined}
                  onClick={() => onRemove(image.imageUrl)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
