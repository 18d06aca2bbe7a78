import { type FormEvent, useRef, useState } from 'react';
import {
  DEFAULT_PROJECT_STATUS,
  MAX_PROJECT_IMAGES,
  PROJECT_CATEGORIES,
  PROJECT_STATUSES,
  PROJECT_YEAR_MAX,
  PROJECT_YEAR_MIN,
} from '../../../../core/constants';
import { MESSAGES } from '../../../../core/messages';
import { fieldMessages } from '../../../../core/schemas/fields';
import { projectCreateSchema } from '../../../../core/schemas/project.schema';
import type { Project } from '../../../../core/types';
import { ApiError } from '../../../lib/api-client';
import { Modal } from '../../../ui/modal';
import { dashboardRequest, errorText } from '../dashboard-api';
import { ImagePicker } from '../image-picker';
import { useNotice } from '../notice';
import { DialogNotice } from './dialog-notice';
import { Field, RequiredNote } from '../form-field';
import { useNewImages } from './new-images';

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
}

function initialValues(project: Project | null): ProjectFormValues {
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
  };
}

function withoutField(errors: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => field !== name));
}

/** The main form's categories, plus the project's own when it came from elsewhere (the hero form). */
function categoryOptions(current: string): string[] {
  const main: readonly string[] = PROJECT_CATEGORIES;
  return current && !main.includes(current) ? [...main, current] : [...main];
}

/**
 * Add or edit a project (SPEC section 5): the required fields are checked
 * with the server's own schema before sending, so the messages match; a new
 * project needs at least one image, and on edit new images replace the old.
 */
export function ProjectFormDialog({
  project,
  onSaved,
  onClose,
}: {
  project: Project | null;
  onSaved: (saved: Project, created: boolean) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(project));
  const newImages = useNewImages(values.title);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formNotice = useNotice();
  const form = useRef<HTMLFormElement>(null);

  function change<K extends keyof ProjectFormValues>(name: K, value: ProjectFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    // Focus the first field that needs attention; its message is tied to it.
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    formNotice.clear();
    const checked = projectCreateSchema.safeParse(values);
    const found = checked.success ? {} : fieldMessages(checked.error);
    if (!project && newImages.images.length === 0) found.images = MESSAGES.selectProjectImage;
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setSaving(true);
    try {
      const body = await newImages.formData();
      for (const [name, value] of Object.entries(values)) body.append(name, String(value));
      const answer = project
        ? await dashboardRequest<{ data: Project }>('PUT', `/api/projects/${project.id}`, body)
        : await dashboardRequest<{ data: Project }>('POST', '/api/projects', body);
      onSaved(answer.data, !project);
    } catch (error) {
      if (error instanceof ApiError && error.fields) showErrors(error.fields);
      formNotice.showError(
        error instanceof ApiError && error.isNetworkError
          ? MESSAGES.projectSaveNetworkError
          : MESSAGES.errorSavingProject(errorText(error, MESSAGES.internalError)),
      );
    } finally {
      setSaving(false);
    }
  }

  const text = (name: 'title' | 'year' | 'location' | 'client', label: string, required: boolean) => (
    <Field idPrefix="project" name={name} label={label} error={errors[name]} required={required}>
      {(props) => (
        <input
          {...props}
          type={name === 'year' ? 'number' : 'text'}
          inputMode={name === 'year' ? 'numeric' : undefined}
          min={name === 'year' ? PROJECT_YEAR_MIN : undefined}
          max={name === 'year' ? PROJECT_YEAR_MAX : undefined}
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Modal title={project ? 'Edit Project' : 'Add Project'} onClose={onClose} className="modal--wide">
      <DialogNotice notice={formNotice.notice} onDismiss={formNotice.clear} />
      <form ref={form} className="dashboard-form project-form" noValidate onSubmit={submit}>
        <RequiredNote />
        {text('title', 'Title', true)}
        <div className="project-form__row">
          {text('year', 'Year', true)}
          {text('location', 'Location', true)}
        </div>
        <div className="project-form__row">
          <Field idPrefix="project" name="category" label="Category" error={errors.category} required>
            {(props) => (
              <select {...props} value={values.category} onChange={(event) => change('category', event.target.value)}>
                <option value="">Select a category</option>
                {categoryOptions(project?.category ?? '').map((category) => (
                  <option key={category}>{category}</option>
                ))}
              </select>
            )}
          </Field>
          <Field idPrefix="project" name="status" label="Status" error={errors.status} required>
            {(props) => (
              <select {...props} value={values.status} onChange={(event) => change('status', event.target.value)}>
                {PROJECT_STATUSES.map((status) => (
                  <option key={status}>{status}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {text('client', 'Client', false)}
        <Field idPrefix="project" name="designTeam" label="Design Team" error={errors.designTeam}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={values.designTeam}
              onChange={(event) => change('designTeam', event.target.value)}
            />
          )}
        </Field>
        <Field idPrefix="project" name="description" label="Description" error={errors.description} required>
          {(props) => (
            <textarea
              {...props}
              rows={6}
              value={values.description}
              onChange={(event) => change('description', event.target.value)}
            />
          )}
        </Field>
        <fieldset className="project-form__flags">
          <legend>Show on the home page</legend>
          <label>
            <input
              type="checkbox"
              checked={values.featured}
              onChange={(event) => change('featured', event.target.checked)}
            />
            Featured (hero banner)
          </label>
          <label>
            <input
              type="checkbox"
              checked={values.showInRecent}
              onChange={(event) => change('showInRecent', event.target.checked)}
            />
            Show in Recent Projects
          </label>
        </fieldset>
        <ImagePicker
          label={project ? 'New images' : 'Images'}
          name="images"
          multiple
          max={MAX_PROJECT_IMAGES}
          value={newImages.images}
          onChange={(chosen) => {
            newImages.setImages(chosen);
            if (chosen.length > 0) setErrors((current) => withoutField(current, 'images'));
          }}
          error={errors.images}
          hint={
            project
              ? `Optional. Choosing new images replaces all ${project.images.length} current images; to keep them, use Manage images instead. At most ${MAX_PROJECT_IMAGES}.`
              : `Required: at least one, at most ${MAX_PROJECT_IMAGES}. The first becomes the cover.`
          }
          renderItemExtra={newImages.renderAltInput}
        />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving...' : project ? 'Update Project' : 'Create Project'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
