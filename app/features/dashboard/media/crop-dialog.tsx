import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { CROP_ASPECT_OPTIONS } from '../../../../core/constants';
import { FormActions } from '../form-actions';
import { MESSAGES } from '../../../../core/messages';
import { Modal } from '../../../ui/modal';
import { cropImageFile, cropOutputSize, toSourceRect } from './crop-image';
import './media.css';

type AspectLabel = (typeof CROP_ASPECT_OPTIONS)[number]['label'];

const ratioOf = (label: AspectLabel) => CROP_ASPECT_OPTIONS.find((option) => option.label === label)?.ratio ?? null;

/** The selection starts centred, covering 90% of the image on its tighter side. */
const INITIAL_COVER_PERCENT = 90;

/*
 * The library's own labels say "up and down" for the east and west handles;
 * these name the keys that really move each one.
 */
const CROP_LABELS = {
  cropArea: 'Crop selection: use the arrow keys to move it',
  nwDragHandle: 'Top left corner of the selection: use the arrow keys to resize',
  nDragHandle: 'Top edge of the selection: use the up and down arrow keys to resize',
  neDragHandle: 'Top right corner of the selection: use the arrow keys to resize',
  eDragHandle: 'Right edge of the selection: use the left and right arrow keys to resize',
  seDragHandle: 'Bottom right corner of the selection: use the arrow keys to resize',
  sDragHandle: 'Bottom edge of the selection: use the up and down arrow keys to resize',
  swDragHandle: 'Bottom left corner of the selection: use the arrow keys to resize',
  wDragHandle: 'Left edge of the selection: use the left and right arrow keys to resize',
};

function initialCrop(ratio: number | null, width: number, height: number): PercentCrop {
  if (ratio === null) {
    const margin = (100 - INITIAL_COVER_PERCENT) / 2;
    return { unit: '%', x: margin, y: margin, width: INITIAL_COVER_PERCENT, height: INITIAL_COVER_PERCENT };
  }
  const tighterSide = ratio > width / height ? { width: INITIAL_COVER_PERCENT } : { height: INITIAL_COVER_PERCENT };
  return centerCrop(makeAspectCrop({ unit: '%', ...tighterSide }, ratio, width, height), width, height);
}

/** How many screen pixels one pixel of the image takes, kept up to date as the dialog resizes. */
function useDisplayScale(image: HTMLImageElement | null) {
  const [scale, setScale] = useState(0);
  useEffect(() => {
    if (!image) return;
    const measure = () => setScale(image.naturalWidth ? image.width / image.naturalWidth : 0);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(image);
    return () => observer.disconnect();
  }, [image]);
  return scale;
}

/**
 * Crops one chosen image (SPEC section 4's crop flow): an aspect ratio of
 * SPEC section 9, a selection no smaller than `minSize` image pixels each
 * way, moved and resized with the pointer or the arrow keys. Apply hands
 * back a new file; Cancel, Escape and × leave the image as it was.
 */
export function CropDialog({
  file,
  previewUrl,
  minSize,
  onApply,
  onCancel,
}: {
  file: File;
  previewUrl: string;
  /** The smallest selection, in pixels of the source image. */
  minSize: number;
  onApply: (cropped: File) => void;
  onCancel: () => void;
}) {
  const hintId = useId();
  const [aspect, setAspect] = useState<AspectLabel>('Free');
  const [crop, setCrop] = useState<PercentCrop>();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const displayScale = useDisplayScale(image);
  const ratio = ratioOf(aspect);
  const natural = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
  const region = crop && natural ? toSourceRect(crop, natural) : null;
  const output = region ? cropOutputSize(region.width, region.height) : null;

  function chooseAspect(label: AspectLabel) {
    setAspect(label);
    const next = ratioOf(label);
    // Free keeps the current selection; a fixed ratio starts a fresh, centred one.
    if (next !== null && natural) setCrop(initialCrop(next, natural.width, natural.height));
  }

  async function apply() {
    if (!region) return;
    setApplying(true);
    setError(null);
    try {
      onApply(await cropImageFile(file, region));
    } catch {
      setError(MESSAGES.errorCroppingImage);
      setApplying(false);
    }
  }

  // Rendered at the end of the body: inside the picker's form, Enter on a radio button would submit that form.
  return createPortal(
    <Modal title={`Crop ${file.name}`} onClose={onCancel} className="modal--wide">
      <fieldset className="crop-dialog__aspects">
        <legend>Aspect ratio</legend>
        {CROP_ASPECT_OPTIONS.map((option) => (
          <label key={option.label} className="crop-dialog__aspect">
            <input
              type="radio"
              name={`${hintId}-aspect`}
              value={option.label}
              checked={aspect === option.label}
              onChange={() => chooseAspect(option.label)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p id={hintId} className="crop-dialog__hint">
        Drag the selection or its handles, or focus them and use the arrow keys (Shift or Ctrl for larger steps). The
        selection is at least {minSize} × {minSize} pixels of the image.
      </p>
      <div className="crop-dialog__area">
        <ReactCrop
          crop={crop}
          aspect={ratio ?? undefined}
          minWidth={natural ? Math.min(minSize * displayScale, image?.width ?? 0) : undefined}
          minHeight={natural ? Math.min(minSize * displayScale, image?.height ?? 0) : undefined}
          keepSelection
          ariaLabels={CROP_LABELS}
          onChange={(_pixels, percent) => setCrop(percent)}
        >
          <img
            src={previewUrl}
            alt={`Image to crop: ${file.name}`}
            aria-describedby={hintId}
            onLoad={(event) => {
              const loaded = event.currentTarget;
              setImage(loaded);
              setCrop(initialCrop(ratio, loaded.naturalWidth, loaded.naturalHeight));
            }}
            onError={() => setError(MESSAGES.errorCroppingImage)}
          />
        </ReactCrop>
      </div>
      <p className="crop-dialog__size" aria-live="polite">
        {region && output
          ? `Selection ${region.width} × ${region.height} px, saved at ${output.width} × ${output.height} px`
          : 'Loading the image...'}
      </p>
      <FormActions
        error={error}
        busy={applying}
        submitLabel="Apply"
        busyLabel="Cropping..."
        onCancel={onCancel}
        onSubmit={apply}
        disabled={!region}
      />
    </Modal>,
    document.body,
  );
}
