import { useEffect, useRef, useState } from 'react';
import { resolveImageUrl } from '../../../../core/image-url';
import { MESSAGES } from '../../../../core/messages';
import type { MediaItem } from '../../../../core/types';
import { formatDate, formatFileSize } from '../../../lib/format';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { ConfirmDialog } from '../../../ui/modal';
import { dashboardRequest, withDetail } from '../dashboard-api';
import type { NoticeReport } from '../notice';
import { CopyUrlButton } from './copy-url-button';
import { describePoint, FocalPointDialog } from '../focal-point-dialog';
import { useFormSubmit } from '../use-form-submit';
import { ResponsiveImage } from '../../../ui/responsive-image';

function MediaCard({
  item,
  onDelete,
  onFocalPoint,
}: {
  item: MediaItem;
  onDelete: () => void;
  onFocalPoint: () => void;
}) {
  const zone = useSiteTimeZone();
  return (
    <li className="dashboard-card media-card">
      <ResponsiveImage
        image={null}
        className="media-card__thumb"
        src={resolveImageUrl(item.url)}
        alt={item.name}
        sizes="16rem"
        width={item.width}
        height={item.height}
      />
      <h3 className="media-card__name">{item.name}</h3>
      <dl className="media-card__details">
        <div>
          <dt>Type</dt>
          <dd>{item.type}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(item.size)}</dd>
        </div>
        <div>
          <dt>Dimensions</dt>
          <dd>
            {item.width} × {item.height} px
            {item.couldBeSharper && <span className="media-card__sharper"> · {MESSAGES.uploadAgainForSharper}</span>}
          </dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>
            <time dateTime={item.uploadDate}>{formatDate(item.uploadDate, zone)}</time>
          </dd>
        </div>
      </dl>
      <div className="media-card__actions">
        <CopyUrlButton path={item.url} name={item.name} />
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Focal point of ${item.name}`}
          onClick={onFocalPoint}
        >
          Focal point
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Delete ${item.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** The library, newest first, with each image's details, its URL to copy, and deletion after confirmation. */
export function MediaLibrary({ items, report }: { items: MediaItem[]; report: NoticeReport }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [focusing, setFocusing] = useState<MediaItem | null>(null);
  const { submit, busy } = useFormSubmit();
  const justDeleted = useRef(false);

  // Focus cannot go back to the deleted card's button; the heading is the nearest place to carry on from.
  useEffect(() => {
    if (deleting || !justDeleted.current) return;
    justDeleted.current = false;
    heading.current?.focus();
  }, [deleting]);

  async function remove(item: MediaItem) {
    const result = await submit({ send: () => dashboardRequest('DELETE', `/api/media/${item.id}`) });
    if (result.ok) {
      report.showSuccess(MESSAGES.movedToTrash(item.name));
      justDeleted.current = true;
    } else report.showError(withDetail(MESSAGES.errorDeletingMedia, result));
    setDeleting(null);
  }

  return (
    <section className="media-library" aria-labelledby="media-library-heading">
      <h2 id="media-library-heading" ref={heading} tabIndex={-1}>
        Library
      </h2>
      {items.length === 0 ? (
        <p className="empty-state">
          No images in the library yet. Upload some above; each one gets a URL to copy into a page or post.
        </p>
      ) : (
        <ul className="card-grid">
          {items.map((item) => (
            <MediaCard
              key={item.id}
              item={item}
              onDelete={() => setDeleting(item)}
              onFocalPoint={() => setFocusing(item)}
            />
          ))}
        </ul>
      )}
      {focusing && (
        <FocalPointDialog
          image={focusing}
          onClose={() => setFocusing(null)}
          onSaved={(point) => {
            report.showSuccess(`Focal point of "${focusing.name}" saved: ${describePoint(point)}.`);
            setFocusing(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete image"
          message={`${MESSAGES.moveToTrashQuestion(deleting.name)} Pages that use its URL keep showing it until it is deleted forever.`}
          confirmLabel={MESSAGES.moveToTrash}
          busy={busy}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
