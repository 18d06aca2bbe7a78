import { type FormEvent, useState } from 'react';
import { DEFAULT_PROJECT_STATUS, MAX_PROJECT_IMAGES, PROJECT_CATEGORIES } from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { projectCreateSchema } from '../../../../core/schemas/project.schema';
import type { Project } from '../../../../core/types';
import { Modal } from '../../../ui/modal';
import { dashboardRequest } from '../dashboard-api';
import { saveFailure } from './project-save-failure';
import { ImagePicker } from '../image-picker';
import { useNotice } from '../notice';
import { DialogNotice } from './dialog-notice';
import { Field, RequiredNote } from '../../../ui/field';
import { ProjectBasics } from './project-basics';
import { publishAtInput, publishAtValue } from '../publish-at';
import { PublishAtField } from '../publish-at-field';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { SeoFields } from '../seo-fields';
import { IMAGE_DESCRIPTION_HINT, useNewImages } from './new-images';
import { UploadProgress } from '../upload-progress';
import { ProjectCreatedBeforeCancel } from '../created-before-cancel';
import { useFormSubmit } from '../use-form-submit';
import { useFormValues } from '../use-form-values';

interface ProjectFormValues {
  title: string;
  year: string;
  location: string;
  category: string;
  status: string;
  client: string;
  designTeam: string;
  description: string;
  featured: boolean;
  showInRecent: boolean;
  /** The studio's wall-clock time of a scheduled publication, as the datetime-local input holds it. */
  publishAt: string;
  seoDescription: string;
  seoImage: string;
}

function initialValues(project: Project | null, zone: string): ProjectFormValues {
  return {
    title: project?.title ?? '',
    year: project ? String(project.year) : '',
    location: project?.location ?? '',
    category: project?.category ?? '',
    status: project?.status ?? DEFAULT_PROJECT_STATUS,
    client: project?.client ?? '',
    designTeam: project?.designTeam ?? '',
    description: project?.description ?? '',
    featured: project?.featured ?? false,
    showInRecent: project?.showInRecent ?? false,
    publishAt: publishAtInput(project?.publishedAt, zone),
    seoDescription: project?.seoDescription ?? '',
    seoImage: project?.seoImage ?? '',
  };
}

/** The main form's categories, plus the project's own when it came from elsewhere (the hero form). */
function categoryOptions(current: string): string[] {
  const main: readonly string[] = PROJECT_CATEGORIES;
  return current && !main.includes(current) ? [...main, current] : [...main];
}

/**
 * Add or edit a project (SPEC section 5): the required fields are checked
 * with the server's own schema before sending, so the messages match; a new
 * project needs at least one image, and on edit new images replace the old. Cancel (the button, Escape, the ×)
 * during a save stops the upload, and nothing is saved; once the server had it all, the dialog waits for the answer
 * and, for a new project, offers to delete it.
 */
export function ProjectFormDialog({
  project,
  onSaved,
  onCancelled,
  onClose,
}: {
  project: Project | null;
  onSaved: (saved: Project, created: boolean) => void;
  /** Told what became of a save its Cancel stopped (or came too late for), for the page's message area. */
  onCancelled: (outcome: string) => void;
  onClose: () => void;
}) {
  const zone = useSiteTimeZone();
  const { values, field, checkbox } = useFormValues(() => initialValues(project, zone));
  const { form, errors, clearError, busy: saving, uploads, submit: save, cancel, cancelling } = useFormSubmit();
  const newImages = useNewImages(values.title);
  const formNotice = useNotice();
  const [createdAnyway, setCreatedAnyway] = useState<Project | null>(null);
  const close = () => (createdAnyway ? onSaved(createdAnyway, true) : saving ? cancel() : onClose());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    formNotice.clear();
    // Which button: "Save as draft" hides the project from visitors; "Publish" (also Enter) shows it, at the
    // time given or at once.
    const published = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') !== 'draft';
    const { publishAt, ...fields } = values;
    const publication = { published, publishAt: published ? publishAtValue(publishAt, zone) : '' };
    const imagesMissing = !project && newImages.images.length === 0;
    const result = await save({
      input: { ...fields, ...publication },
      schema: projectCreateSchema,
      more: imagesMissing ? { images: MESSAGES.selectProjectImage } : {},
      send: async (_checked, upload) => {
        const body = await newImages.formData();
        for (const [name, value] of Object.entries({ ...fields, ...publication })) body.append(name, String(value));
        const answer = project
          ? await dashboardRequest<{ data: Project }>('PUT', `/api/projects/${project.id}`, body, upload)
          : await dashboardRequest<{ data: Project }>('POST', '/api/projects', body, upload);
        return answer.data;
      },
      onFailure: (failure) => formNotice.showError(saveFailure(failure)),
    });
    if (!result.ok) {
      if (result.cancelled) {
        onCancelled(MESSAGES.uploadCancelled(project ? 'the project was not changed' : 'the project was not created'));
      }
      return;
    }
    if (!result.cancelTooLate) onSaved(result.data, !project);
    else if (project) onCancelled(MESSAGES.savedBeforeCancel(`the changes to “${result.data.title}”`));
    else setCreatedAnyway(result.data);
  }

  return (
    <Modal title={project ? 'Edit Project' : 'Add Project'} onClose={close} className="modal--wide">
      <DialogNotice notice={formNotice.notice} onDismiss={formNotice.clear} />
      {createdAnyway ? (
        <ProjectCreatedBeforeCancel project={createdAnyway} onCancelled={onCancelled} onKept={close} />
      ) : (
        <form ref={form} className="dashboard-form project-form" noValidate onSubmit={submit}>
          <RequiredNote />
          <ProjectBasics
            idPrefix="project"
            field={field}
            errors={errors}
            categories={categoryOptions(project?.category ?? '')}
            categoryPlaceholder="Select a category"
          />
          <Field idPrefix="project" name="client" label="Client" error={errors.client}>
            {(props) => <input {...props} {...field('client')} />}
          </Field>
          <Field
            idPrefix="project"
            name="designTeam"
            label="Design Team"
            error={errors.designTeam}
            hint="The people who worked on it, separated by commas or one a line: the project’s page lists them under Design Team."
          >
            {(props) => <textarea {...props} rows={3} {...field('designTeam')} />}
          </Field>
          <Field idPrefix="project" name="description" label="Description" error={errors.description} required>
            {(props) => <textarea {...props} rows={6} {...field('description')} />}
          </Field>
          <fieldset className="project-form__flags">
            <legend>Show on the home page</legend>
            <label>
              <input type="checkbox" {...checkbox('featured')} />
              In the hero banner, the slideshow at the top
            </label>
            <label>
              <input type="checkbox" {...checkbox('showInRecent')} />
              In Last Projects (until any is chosen, the newest show there)
            </label>
          </fieldset>
          <SeoFields
            idPrefix="project"
            field={field}
            errors={errors}
            fallback="the description's beginning and the cover image"
          />
          <ImagePicker
            label={project ? 'New images' : 'Images'}
            name="images"
            multiple
            max={MAX_PROJECT_IMAGES}
            value={newImages.images}
            onChange={(chosen) => {
              newImages.setImages(chosen);
              if (chosen.length > 0) clearError('images');
            }}
            error={errors.images}
            hint={
              project
                ? `Optional. Choosing new images replaces all ${project.images.length} current images; to keep them, use Manage images instead. At most ${MAX_PROJECT_IMAGES}. ${IMAGE_DESCRIPTION_HINT}`
                : `Required: at least one, at most ${MAX_PROJECT_IMAGES}. The first becomes the cover. ${IMAGE_DESCRIPTION_HINT}`
            }
            renderItemExtra={newImages.renderAltInput}
          />
          <PublishAtField idPrefix="project" error={errors.publishAt} {...field('publishAt')} />
          <UploadProgress files={uploads} cancelling={cancelling} />
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button" name="publication" value="publish" disabled={saving}>
              {saving ? 'Saving...' : 'Publish'}
            </button>
            <button type="submit" className="button button--ghost" name="publication" value="draft" disabled={saving}>
              Save as draft
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
