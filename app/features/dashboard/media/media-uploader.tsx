import { type FormEvent, useState } from 'react';
import {
  CROP_MIN_SIZE_MEDIA_PX,
  IMAGE_MASTER_MAX_PX,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  MEDIA_UPLOAD_MAX_IMAGES,
} from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import type { ActionFailure } from '../../../lib/action-result';
import { dashboardRequest } from '../dashboard-api';
import { ImagePicker, type PickedImage } from '../image-picker';
import { scaleImagesForUpload } from '../image-scaling';
import type { NoticeReport } from '../notice';
import { UploadProgress } from '../upload-progress';
import { useFormSubmit } from '../use-form-submit';

/**
 * SPEC section 8: 'Error uploading images' with the server's own words, or
 * 'Upload failed' when it gave none (a bare HTTP status tells the
 * administrator nothing). A network failure keeps its own explanation.
 */
function uploadFailureText(failure: ActionFailure): string {
  const named =
    failure.status !== undefined && (failure.status === null || failure.error !== MESSAGES.httpError(failure.status));
  return `${MESSAGES.errorUploadingImages}: ${named ? failure.error : MESSAGES.uploadFailed}`;
}

/**
 * The media library's upload form: up to 10 images, each croppable first,
 * shrunk to the 2560 px master in the browser (decision 043) and sent together
 * to POST /api/media/upload. While they go up, Cancel upload stops them (nothing is added), or, once the server has
 * them all, waits for its answer and says they were added.
 */
export function MediaUploader({ report }: { report: NoticeReport }) {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string>();
  const { submit, busy: uploading, uploads, cancel, cancelling } = useFormSubmit();

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (images.length === 0) {
      setError(MESSAGES.selectImagesToUpload);
      return;
    }
    const result = await submit({
      send: async (_nothingChecked, upload) => {
        const form = new FormData();
        for (const file of await scaleImagesForUpload(images.map((image) => image.file))) form.append('images', file);
        const answer = await dashboardRequest<{ data: string[] }>('POST', '/api/media/upload', form, upload);
        setImages([]);
        return answer.data.length;
      },
    });
    if (!result.ok && result.cancelled) return report.showSuccess(MESSAGES.uploadCancelled('no image was added'));
    if (!result.ok) return report.showError(uploadFailureText(result));
    if (result.cancelTooLate) return report.showSuccess(MESSAGES.savedBeforeCancel('these images'));
    report.showSuccess(`Uploaded ${result.data} image${result.data === 1 ? '' : 's'} to the library.`);
  }

  return (
    <form className="dashboard-card media-uploader" aria-labelledby="media-upload-heading" onSubmit={upload} noValidate>
      <h2 id="media-upload-heading">Upload images</h2>
      <ImagePicker
        label="Images"
        name="images"
        multiple
        max={MEDIA_UPLOAD_MAX_IMAGES}
        value={images}
        onChange={(next) => {
          setImages(next);
          setError(undefined);
        }}
        error={error}
        hint={`Up to ${MEDIA_UPLOAD_MAX_IMAGES} at a time. Crop any of them first if you like; each is scaled to at most ${IMAGE_MASTER_MAX_PX} px on its longer side before it is sent, and stored within ${IMAGE_MAX_WIDTH} × ${IMAGE_MAX_HEIGHT} with larger sizes for sharp screens.`}
        crop={{ minSize: CROP_MIN_SIZE_MEDIA_PX }}
      />
      <UploadProgress files={uploads} cancelling={cancelling} />
      <div className="media-uploader__actions">
        <button type="submit" className="button" disabled={uploading}>
          {uploading ? 'Uploading...' : 'Upload'}
        </button>
        {uploading && (
          <button type="button" className="button button--ghost" disabled={cancelling} onClick={cancel}>
            Cancel upload
          </button>
        )}
      </div>
    </form>
  );
}
