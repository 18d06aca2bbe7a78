import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CROP_MIN_SIZE_PX, MAX_IMAGE_BYTES, MAX_PICKED_PHOTO_BYTES } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { CropDialog } from './media/crop-dialog';

/** An image chosen for upload: pending until cropped (SPEC section 4's crop flow). */
export interface PickedImage {
  key: string;
  file: File;
  previewUrl: string;
  status: 'pending' | 'cropped';
}

let nextKey = 0;

export function pickImage(file: File, status: PickedImage['status'] = 'pending'): PickedImage {
  nextKey += 1;
  return { key: `picked-${nextKey}`, file, previewUrl: URL.createObjectURL(file), status };
}

/**
 * The uploader's rules of SPEC section 5, in the order a person meets them:
 * only image files, one at a time in single mode, at most `max` in multiple
 * mode, and each at most `maxBytes`. Returns the message, or null when all pass.
 */
export function checkPickedFiles(
  files: File[],
  options: { multiple: boolean; max: number; already: number; maxBytes: number },
) {
  if (files.some((file) => !file.type.startsWith('image/'))) return MESSAGES.selectImageFile;
  if (!options.multiple && files.length > 1) return MESSAGES.selectOnlyOneImage;
  if (options.multiple && options.already + files.length > options.max) return MESSAGES.maxImagesAllowed(options.max);
  if (files.some((file) => file.size > options.maxBytes)) {
    return options.maxBytes === MAX_IMAGE_BYTES
      ? MESSAGES.imageTooLarge
      : MESSAGES.photoTooLarge(options.maxBytes / (1024 * 1024));
  }
  return null;
}

/**
 * A file input with previews of what was chosen. In single mode a new choice
 * replaces the old one. `renderItemExtra` adds per-image controls (alt text)
 * below each preview. Each image shows whether it is pending or cropped and
 * has a Crop button (SPEC section 4's crop flow); applying a crop replaces
 * that image's file.
 */
export function ImagePicker({
  label,
  name,
  multiple = false,
  max = 1,
  value,
  onChange,
  error,
  hint,
  renderItemExtra,
  crop = { minSize: CROP_MIN_SIZE_PX },
  maxBytes = MAX_PICKED_PHOTO_BYTES,
}: {
  label: string;
  /** The input's name, so tests and labels can find it; the files travel through `onChange`. */
  name: string;
  multiple?: boolean;
  max?: number;
  value: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** A message from the form (for example 'Please select at least one image for the project.'). */
  error?: string;
  hint?: string;
  renderItemExtra?: (image: PickedImage, index: number) => ReactNode;
  /**
   * The crop dialog offered for each image; `minSize` is the smallest selection in image pixels
   * (SPEC section 9: 100×100, 50×50 in the media manager).
   */
  crop?: { minSize: number };
  /**
   * The largest file taken. SPEC section 5's 10 MB (MAX_IMAGE_BYTES) belongs to the blog's featured image
   * only; by default a camera's original is taken, since it is scaled in the browser before upload.
   */
  maxBytes?: number;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [croppingKey, setCroppingKey] = useState<string | null>(null);
  const cropping = value.find((image) => image.key === croppingKey);
  const shown = pickError ?? error;

  // Object URLs hold the file in memory until revoked.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    for (const image of value) urls.current.add(image.previewUrl);
  }, [value]);
  useEffect(() => {
    const held = urls.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function choose(files: File[]) {
    const problem = checkPickedFiles(files, { multiple, max, already: multiple ? value.length : 0, maxBytes });
    setPickError(problem);
    if (problem || files.length === 0) return;
    const picked = files.map((file) => pickImage(file));
    onChange(multiple ? [...value, ...picked] : picked);
  }

  // The item keeps its key, so its Crop button (where focus returns) stays in place.
  function applyCrop(key: string, file: File) {
    setCroppingKey(null);
    onChange(
      value.map((image) =>
        image.key === key ? { ...image, file, previewUrl: URL.createObjectURL(file), status: 'cropped' } : image,
      ),
    );
  }

  return (
    <div className="image-picker">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="image-picker__hint">
          {hint}
        </p>
      )}
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        multiple={multiple}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[hint && `${id}-hint`, shown && `${id}-error`].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          choose([...(event.target.files ?? [])]);
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = '';
        }}
      />
      {shown && (
        <p id={`${id}-error`} className="dashboard-form__error" role="alert">
          {shown}
        </p>
      )}
      {value.length > 0 && (
        <ul className="image-picker__list" aria-label={`${label}: chosen images`}>
          {value.map((image, index) => (
            <li key={image.key} className="image-picker__item">
              <img src={image.previewUrl} alt={`Chosen image ${index + 1}: ${image.file.name}`} />
              <span className="image-picker__name">{image.file.name}</span>
              <span className="image-picker__status" data-status={image.status}>
                {image.status === 'cropped' ? 'Cropped' : 'Pending'}
              </span>
              {renderItemExtra?.(image, index)}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Crop ${image.file.name}`}
                onClick={() => setCroppingKey(image.key)}
              >
                Crop
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Remove ${image.file.name}`}
                onClick={() => onChange(value.filter((item) => item.key !== image.key))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {cropping && (
        <CropDialog
          file={cropping.file}
          previewUrl={cropping.previewUrl}
          minSize={crop.minSize}
          onApply={(file) => applyCrop(cropping.key, file)}
          onCancel={() => setCroppingKey(null)}
        />
      )}
    </div>
  );
}
