import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CROP_MIN_SIZE_MEDIA_PX, MEDIA_UPLOAD_MAX_IMAGES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { ApiError } from '../../../lib/api-client';
import { dashboardRequest } from '../dashboard-api';
import { ImagePicker, type PickedImage } from '../image-picker';
import { scaleImagesForUpload } from '../image-scaling';
import type { NoticeReport } from '../notice';

/**
 * SPEC section 8: 'Error uploading images' with the server's own words, or
 * 'Upload failed' when it gave none (a bare HTTP status tells the
 * administrator nothing). A network failure keeps its own explanation.
 */
function uploadFailureText(error: unknown): string {
  const named =
    error instanceof ApiError && (error.status === null || error.message !== MESSAGES.httpError(error.status));
  return `${MESSAGES.errorUploadingImages}: ${named ? error.message : MESSAGES.uploadFailed}`;
}

/**
 * The media library's upload form: up to 10 images, each croppable first,
 * scaled to fit 1200×800 in the browser (SPEC section 5) and sent together
 * to POST /api/media/upload.
 */
export function MediaUploader({ report }: { report: NoticeReport }) {
  const revalidator = useRevalidator();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(false);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (images.length === 0) {
      setError(MESSAGES.selectImagesToUpload);
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      for (const file of await scaleImagesForUpload(images.map((image) => image.file))) form.append('images', file);
      const answer = await dashboardRequest<{ data: string[] }>('POST', '/api/media/upload', form);
      setImages([]);
      await revalidator.revalidate();
      const count = answer.data.length;
      report.showSuccess(`Uploaded ${count} image${count === 1 ? '' : 's'} to the library.`);
    } catch (failure) {
      report.showError(uploadFailureText(failure));
    } finally {
      setUploading(false);
    }
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
        hint={`Up to ${MEDIA_UPLOAD_MAX_IMAGES} at a time. Crop any of them first if you like; each is scaled to fit 1200 × 800 before it is sent.`}
        crop={{ minSize: CROP_MIN_SIZE_MEDIA_PX }}
      />
      <button type="submit" className="button" disabled={uploading}>
        {uploading ? 'Uploading...' : 'Upload'}
      </button>
    </form>
  );
}
