import { useState } from 'react';
import { MAX_PROJECT_IMAGES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import type { Project } from '../../../../core/types';
import { ConfirmDialog, Modal } from '../../../ui/modal';
import { dashboardRequest, errorText, withDetail } from '../dashboard-api';
import { describePoint, FocalPointDialog } from '../focal-point-dialog';
import { ImagePicker } from '../image-picker';
import { useNotice } from '../notice';
import { DialogNotice } from './dialog-notice';
import { IMAGE_DESCRIPTION_HINT, useNewImages } from './new-images';
import { type ArrangedImage, arrangementOf, mergeArrangement, sameArrangement, toSaved } from './image-arrangement';
import { ImageArrangement, type ImageMove } from './image-arrangement-list';
import { useOrderMove } from '../use-order-move';
import type { ActionFailure } from '../../../lib/action-result';
import type { RequestOptions } from '../../../lib/api-client';
import { UploadProgress } from '../upload-progress';
import { useFormSubmit } from '../use-form-submit';

/**
 * The image manager of one project (SPEC section 2): set the cover, remove an
 * image after confirmation, add images up to 10 in all, and (our addition)
 * the images' order and alt texts, saved together with one call.
 */
export function ProjectImageManager({
  project,
  onCancelled,
  onClose,
}: {
  project: Project;
  /** Told what became of a call its Close stopped (or came too late for), for the page's message area. */
  onCancelled: (outcome: string) => void;
  onClose: () => void;
}) {
  const notice = useNotice();
  const { submit, busy, uploads, cancel, cancelling } = useFormSubmit();
  // Closing while images go up stops their upload, as a form's Cancel does.
  const close = () => (busy ? cancel() : onClose());
  const [arrangement, setArrangement] = useState<ArrangedImage[]>(() => arrangementOf(project));
  const [pendingRemoval, setPendingRemoval] = useState<string | null>(null);
  const [focusing, setFocusing] = useState<string | null>(null);
  const focusingImage = project.imageDetails.find((image) => image.path === focusing);
  const newImages = useNewImages(project.title);
  const [addError, setAddError] = useState<string>();
  const move = useOrderMove(notice.showError);
  const moveImage: ImageMove = (imageUrl, neighbours) =>
    move(`/api/projects/${project.id}/images/position`, { imageUrl, ...neighbours });

  // When the stored images change (a move, a removal, an addition), unsaved alt texts stay.
  const storedImages = project.images.join('\n');
  const [syncedImages, setSyncedImages] = useState(storedImages);
  if (syncedImages !== storedImages) {
    setSyncedImages(storedImages);
    setArrangement((draft) => mergeArrangement(draft, project));
  }
  const saved = toSaved(arrangement, project.title);
  const unsaved = !sameArrangement(saved, arrangementOf(project));
  const room = MAX_PROJECT_IMAGES - project.images.length;

  /**
   * Runs one call with every button held; the page's data is loaded again after it, done or refused (what is
   * stored may differ from what is shown). `upload` is for a call with images, so that their progress shows.
   */
  async function run(call: (upload: RequestOptions) => Promise<string>, failure: (failed: ActionFailure) => string) {
    notice.clear();
    const result = await submit({ send: (_nothingChecked, upload) => call(upload) });
    if (!result.ok && result.cancelled) onCancelled(MESSAGES.uploadCancelled('no image was added or changed'));
    else if (result.ok && result.cancelTooLate)
      onCancelled(MESSAGES.savedBeforeCancel(`the images of “${project.title}”`));
    else if (result.ok) notice.showSuccess(result.data);
    else notice.showError(failure(result));
  }

  const setCover = (imageUrl: string) =>
    run(
      async () => {
        await dashboardRequest('PUT', `/api/projects/${project.id}/cover`, { imageUrl });
        return 'Cover image set.';
      },
      (failed) => `${MESSAGES.errorSettingCover}: ${errorText(failed, MESSAGES.failedToSetCover)}`,
    );

  async function removeImage(imageUrl: string) {
    await run(
      async () => {
        await dashboardRequest('DELETE', `/api/projects/${project.id}/images`, { imageUrl });
        return 'Image removed.';
      },
      (failed) => withDetail(MESSAGES.errorRemovingImage, failed),
    );
    setPendingRemoval(null);
  }

  const saveArrangement = () =>
    run(
      async () => {
        await dashboardRequest('PUT', `/api/projects/${project.id}/images`, { images: saved });
        return 'Image descriptions saved.';
      },
      (failed) => withDetail(MESSAGES.errorUpdatingProject, failed),
    );

  function addImages() {
    if (newImages.images.length === 0) return setAddError(MESSAGES.selectImagesToUpload);
    setAddError(undefined);
    return run(
      async (upload) => {
        const body = await newImages.formData();
        const answer = await dashboardRequest<{ data?: { project?: Project } }>(
          'POST',
          `/api/projects/${project.id}/images`,
          body,
          upload,
        );
        if (!answer.data?.project?.id) throw new Error(MESSAGES.invalidProjectData);
        const count = newImages.images.length;
        newImages.reset();
        return `${count} ${count === 1 ? 'image' : 'images'} added.`;
      },
      (failed) => `${MESSAGES.errorAddingImages}: ${errorText(failed, MESSAGES.failedToAddImages)}`,
    );
  }

  return (
    <>
      <Modal title={`Images of ${project.title}`} onClose={close} className="modal--wide">
        <DialogNotice notice={notice.notice} onDismiss={notice.clear} />
        <ImageArrangement
          project={project}
          arrangement={arrangement}
          onChange={setArrangement}
          onMove={moveImage}
          busy={busy}
          onSetCover={setCover}
          onRemove={setPendingRemoval}
          onFocalPoint={setFocusing}
        />
        <div className="image-manager__save">
          <button type="button" className="button" disabled={busy || !unsaved} onClick={saveArrangement}>
            Save descriptions
          </button>
          {unsaved && <span className="image-manager__unsaved">Unsaved changes to the descriptions.</span>}
        </div>
        <section className="image-manager__add" aria-labelledby="image-manager-add">
          <h3 id="image-manager-add">Add images</h3>
          {room > 0 ? (
            <>
              <ImagePicker
                label="Images to add"
                name="images"
                multiple
                max={room}
                value={newImages.images}
                onChange={(chosen) => {
                  newImages.setImages(chosen);
                  setAddError(undefined);
                }}
                error={addError}
                hint={`This project has ${project.images.length} of at most ${MAX_PROJECT_IMAGES} images: up to ${room} more. New images go at the end. ${IMAGE_DESCRIPTION_HINT}`}
                renderItemExtra={newImages.renderAltInput}
              />
              <UploadProgress files={uploads} cancelling={cancelling} />
              <button type="button" className="button" disabled={busy} onClick={addImages}>
                Upload images
              </button>
            </>
          ) : (
            <p>This project has the most images it can hold ({MAX_PROJECT_IMAGES}); remove one to add another.</p>
          )}
        </section>
      </Modal>
      {focusingImage && (
        <FocalPointDialog
          image={{
            ...focusingImage,
            url: focusingImage.path,
            name: `image ${project.images.indexOf(focusingImage.path) + 1} of ${project.title}`,
          }}
          onClose={() => setFocusing(null)}
          onSaved={(point) => {
            notice.showSuccess(`Focal point saved: ${describePoint(point)}.`);
            setFocusing(null);
          }}
        />
      )}
      {pendingRemoval && (
        <ConfirmDialog
          title="Remove image"
          message={`Remove this image from "${project.title}"? Its file is deleted.`}
          confirmLabel="Remove"
          busy={busy}
          onConfirm={() => void removeImage(pendingRemoval)}
          onCancel={() => setPendingRemoval(null)}
        />
      )}
    </>
  );
}
