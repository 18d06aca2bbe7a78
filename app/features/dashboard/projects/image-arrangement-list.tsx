import { resolveImageUrl } from '../../../../core/image-url';
import type { Project } from '../../../../core/types';
import type { ArrangedImage } from './image-arrangement';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { SortableList } from '../sortable-list';
import { IMAGE_DESCRIPTION_HINT } from './new-images';

const HINT_ID = 'image-manager-hint';

/** Where a moved image goes: next to the image after or before it, by path (decision 041). */
export type ImageMove = (
  imageUrl: string,
  neighbours: { after: string | null; before: string | null },
) => Promise<boolean>;

/** `arrangement` with `image` moved next to its new neighbour. */
function placed(
  arrangement: ArrangedImage[],
  image: ArrangedImage,
  { after, before }: { after: ArrangedImage | null; before: ArrangedImage | null },
): ArrangedImage[] {
  const rest = arrangement.filter((item) => item.imageUrl !== image.imageUrl);
  const at = after
    ? rest.findIndex((item) => item.imageUrl === after.imageUrl) + 1
    : rest.findIndex((item) => item.imageUrl === before?.imageUrl);
  return [...rest.slice(0, Math.max(at, 0)), image, ...rest.slice(Math.max(at, 0))];
}

/**
 * The project's images in gallery order, each with its alt text, its handle (dragged, or moved from the
 * keyboard, each move saved at once: decision 041), Set as cover and Remove.
 */
export function ImageArrangement({
  project,
  arrangement,
  onChange,
  onMove,
  busy,
  onSetCover,
  onRemove,
  onFocalPoint,
}: {
  project: Project;
  arrangement: ArrangedImage[];
  onChange: (arrangement: ArrangedImage[]) => void;
  onMove: ImageMove;
  busy: boolean;
  onSetCover: (imageUrl: string) => void;
  onRemove: (imageUrl: string) => void;
  onFocalPoint: (imageUrl: string) => void;
}) {
  const details = new Map(project.imageDetails.map((image) => [image.path, image]));

  return (
    <>
      <p id={HINT_ID} className="image-manager__hint">
        The gallery shows the images in this order: drag an image by its handle to move it, or press Space on the handle
        and use the arrow keys. {IMAGE_DESCRIPTION_HINT}
      </p>
      <SortableList
        className="image-picker__list image-manager__list"
        itemClassName="image-picker__item image-manager__item"
        items={arrangement}
        idOf={(image) => image.imageUrl}
        labelOf={(image) => `image ${arrangement.indexOf(image) + 1}`}
        itemLabelledBy={(_image, index) => `image-alt-${index}-name`}
        disabled={busy}
        onMove={async (image, { after, before }) => {
          // The draft takes the new order at the drop, as the list shows it: its descriptions are typed against
          // that order while the page's data follows, and it goes back if the move is refused.
          onChange(placed(arrangement, image, { after, before }));
          const saved = await onMove(image.imageUrl, {
            after: after?.imageUrl ?? null,
            before: before?.imageUrl ?? null,
          });
          if (!saved) onChange(arrangement);
          return saved;
        }}
        renderItem={(image, handle, index) => {
          const cover = image.imageUrl === project.image;
          const detail = details.get(image.imageUrl);
          const altId = `image-alt-${index}`;
          return (
            <>
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
                  onChange(
                    arrangement.map((item) =>
                      item.imageUrl === image.imageUrl ? { ...item, alt: event.target.value } : item,
                    ),
                  )
                }
              />
              <div className="image-manager__actions">
                {handle}
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
            </>
          );
        }}
      />
    </>
  );
}
