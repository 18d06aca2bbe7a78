import { type FormEvent, useId, useState } from 'react';
import { HERO_CATEGORIES, MAX_PROJECT_IMAGES } from '../../../../core/constants';
import { FormActions } from '../form-actions';
import { ProjectCreatedBeforeCancel } from '../created-before-cancel';
import { Modal } from '../../../ui/modal';
import { MESSAGES } from '../../../../core/messages';
import { Field, RequiredNote } from '../../../ui/field';
import { ProjectBasics } from '../projects/project-basics';
import { heroProjectCreateSchema } from '../../../../core/schemas/project.schema';
import type { Project } from '../../../../core/types';
import { dashboardRequest } from '../dashboard-api';
import { saveFailure } from '../projects/project-save-failure';
import { UploadProgress } from '../upload-progress';
import { useFormSubmit } from '../use-form-submit';
import { useFormValues } from '../use-form-values';
import { ImagePicker, type PickedImage } from '../image-picker';
import { scaleImagesForUpload } from '../image-scaling';

interface HeroFormValues {
  title: string;
  description: string;
  year: string;
  location: string;
  category: string;
  /** Empty: not set, so the server's default applies. */
  status: string;
  featured: boolean;
}

const EMPTY_VALUES: HeroFormValues = {
  title: '',
  description: '',
  year: '',
  location: '',
  category: '',
  status: '',
  featured: true,
};

/**
 * The hero banner's add form (SPEC section 5), the hero variant of the project form's fields (ProjectBasics):
 * title, description, year, location and a hero category are required, status is optional, featured
 * is on unless unticked, and up to 10 images go with it (the first is the
 * cover; without one the site shows its placeholder). The rules are core's
 * `heroProjectCreateSchema`, checked here before anything is sent and again
 * by the server. Its dialog's Cancel (the button, Escape, the ×) during the upload stops it, as the project form's
 * does.
 */
export function HeroProjectForm({
  onSaved,
  onCancelled,
  onClose,
}: {
  onSaved: (project: Project) => void;
  /** Told what became of a save its Cancel stopped (or came too late for), for the page's message area. */
  onCancelled: (outcome: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const { form, errors, busy: saving, uploads, clearError, submit: save, cancel, cancelling } = useFormSubmit();
  const [createdAnyway, setCreatedAnyway] = useState<Project | null>(null);
  const close = () => (createdAnyway ? onSaved(createdAnyway) : saving ? cancel() : onClose());
  // Correcting a field (or choosing images) clears its message.
  const { values, field, checkbox } = useFormValues(EMPTY_VALUES, clearError);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaveError(null);
    const result = await save({
      input: values,
      schema: heroProjectCreateSchema,
      send: async ({ title, description, year, location, category, status, featured }, upload) => {
        const body = new FormData();
        Object.entries({ title, description, year, location, category, featured }).forEach(([name, value]) =>
          body.append(name, String(value)),
        );
        if (status) body.append('status', status);
        for (const file of await scaleImagesForUpload(images.map((image) => image.file))) body.append('images', file);
        const { data } = await dashboardRequest<{ data: Project }>('POST', '/api/projects/hero', body, upload);
        return data;
      },
      onFailure: (failure) => setSaveError(saveFailure(failure)),
    });
    if (!result.ok) {
      if (result.cancelled) onCancelled(MESSAGES.uploadCancelled('the project was not created'));
    } else if (result.cancelTooLate) setCreatedAnyway(result.data);
    else onSaved(result.data);
  }

  return (
    <Modal title="Add Hero Project" onClose={close}>
      {createdAnyway ? (
        <ProjectCreatedBeforeCancel project={createdAnyway} onCancelled={onCancelled} onKept={close} />
      ) : (
        <form ref={form} className="dashboard-form hero-form" noValidate onSubmit={(event) => void submit(event)}>
          <RequiredNote />
          <ProjectBasics
            idPrefix={id}
            field={field}
            errors={errors}
            categories={HERO_CATEGORIES}
            categoryPlaceholder="Choose a category"
            optionalStatus
          />
          <Field idPrefix={id} name="description" label="Description" required error={errors.description}>
            {(props) => <textarea rows={4} {...props} {...field('description')} />}
          </Field>
          <div className="hero-form__check">
            <input id={`${id}-featured`} name="featured" type="checkbox" {...checkbox('featured')} />
            <label htmlFor={`${id}-featured`}>Featured: show in the hero banner</label>
          </div>
          <ImagePicker
            label="Images"
            name="images"
            multiple
            max={MAX_PROJECT_IMAGES}
            value={images}
            onChange={(picked) => {
              setImages(picked);
              clearError('images');
            }}
            error={errors.images}
            hint={`Optional: up to ${MAX_PROJECT_IMAGES} images; the first is the cover. Without one, the site shows its placeholder picture.`}
          />
          <UploadProgress files={uploads} cancelling={cancelling} />
          <FormActions error={saveError} busy={saving} submitLabel="Add Project" onCancel={close} />
        </form>
      )}
    </Modal>
  );
}
