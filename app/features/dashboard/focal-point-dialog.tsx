import { useState } from 'react';
import {
  CENTRE,
  FOCAL_FINE_STEP,
  FOCAL_STEP,
  type FocalPoint,
  objectPosition,
  toPercent,
} from '../../../core/focal-point';
import { resolveImageUrl } from '../../../core/image-url';
import { MESSAGES } from '../../../core/messages';
import { focalPointSchema } from '../../../core/schemas/focal-point.schema';
import { Modal } from '../../ui/modal';
import { dashboardRequest, withDetail } from './dashboard-api';
import { FormActions } from './form-actions';
import { useFormSubmit } from './use-form-submit';

const HINT_ID = 'focal-point-hint';

/** The frames the pages crop a picture to, shown beside it so the owner sees what each keeps. */
const PREVIEWS = [
  { label: 'Square', ratio: '1 / 1' },
  { label: 'Card, 3:2', ratio: '3 / 2' },
  { label: 'Wide, 16:9', ratio: '16 / 9' },
  { label: 'Phone hero', ratio: '390 / 844' },
];

const MOVES: Record<string, (point: FocalPoint, step: number) => FocalPoint> = {
  ArrowLeft: (point, step) => ({ ...point, x: point.x - step }),
  ArrowRight: (point, step) => ({ ...point, x: point.x + step }),
  ArrowUp: (point, step) => ({ ...point, y: point.y - step }),
  ArrowDown: (point, step) => ({ ...point, y: point.y + step }),
};

/** Whole percentages within the picture: what the owner can tell apart, and what the file names carry. */
function within(point: FocalPoint): FocalPoint {
  const fit = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));
  return { x: fit(point.x), y: fit(point.y) };
}

export function describePoint(point: FocalPoint): string {
  return `${toPercent(point.x)}% across, ${toPercent(point.y)}% down`;
}

/**
 * The subject of one stored image, chosen by a click or tap on it, or from the keyboard (the arrow keys move the
 * point by 5 %, with Shift by 1 %, and the point is announced). Saved with one call; every crop then keeps it.
 */
export function FocalPointDialog({
  image,
  onClose,
  onSaved,
}: {
  image: { url: string; name: string; width: number; height: number; focal?: FocalPoint };
  onClose: () => void;
  onSaved: (point: FocalPoint) => void;
}) {
  const [point, setPoint] = useState<FocalPoint>(image.focal ?? CENTRE);
  const [error, setError] = useState<string | null>(null);
  const { submit, busy } = useFormSubmit();
  const src = resolveImageUrl(image.url);

  function pick(event: React.MouseEvent<HTMLImageElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setPoint(within({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height }));
  }

  function moveByKey(event: React.KeyboardEvent) {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    setPoint((current) => within(move(current, event.shiftKey ? FOCAL_FINE_STEP : FOCAL_STEP)));
  }

  async function save() {
    setError(null);
    const result = await submit({
      input: { imageUrl: image.url, ...point },
      schema: focalPointSchema,
      send: (checked) => dashboardRequest('PUT', '/api/media/focal-point', checked),
    });
    if (result.ok) onSaved(point);
    else setError(withDetail(MESSAGES.errorSettingFocalPoint, result));
  }

  return (
    <Modal title={`Focal point of ${image.name}`} onClose={onClose} className="modal--wide focal-point">
      <p id={HINT_ID} className="focal-point__hint">
        Click or tap the subject of the picture, or move the point with the arrow keys (Shift for small steps). Every
        crop of it, on the site and when it is shared, keeps the point in the frame.
      </p>
      <div className="focal-point__stage">
        {/* The click is the pointer's way; the point below is the keyboard's, so the picture needs no key handler. */}
        <img
          className="focal-point__image"
          src={src}
          alt={image.name}
          width={image.width}
          height={image.height}
          onClick={pick}
        />
        <span
          role="slider"
          tabIndex={0}
          className="focal-point__marker"
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
          aria-label="Focal point"
          aria-describedby={HINT_ID}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={toPercent(point.x)}
          aria-valuetext={describePoint(point)}
          onKeyDown={moveByKey}
        />
      </div>
      <p className="focal-point__value">Focal point: {describePoint(point)}</p>
      <ul className="focal-point__previews" aria-label="How the crops look">
        {PREVIEWS.map((preview) => (
          <li key={preview.label}>
            <img
              src={src}
              alt=""
              style={{ aspectRatio: preview.ratio, objectPosition: objectPosition(point) }}
              className="focal-point__preview"
            />
            <span>{preview.label}</span>
          </li>
        ))}
      </ul>
      <FormActions
        error={error}
        busy={busy}
        submitLabel="Save focal point"
        onCancel={onClose}
        onSubmit={() => void save()}
      />
    </Modal>
  );
}
