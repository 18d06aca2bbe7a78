import { type FormEvent, useId, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import type { ImageDetails } from '../../../../core/types';
import { FormActions } from '../form-actions';
import { ApiError } from '../../../lib/api-client';
import { Modal } from '../../../ui/modal';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { withDetail } from '../dashboard-api';
import { ImagePicker, type PickedImage } from '../image-picker';
import { RequiredMark } from '../form-field';
import { type EntityField, type FieldErrors, type FieldValues, fieldErrorsOf } from './entity-kind';

function FieldInput({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: EntityField;
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const props = {
    id,
    name: field.name,
    value,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (field.kind === 'textarea') return <textarea rows={4} {...props} />;
  if (field.kind === 'select') {
    return (
      <select {...props}>
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  return <input type={field.kind === 'url' ? 'url' : 'text'} {...props} />;
}

/**
 * The add and edit form of an entity with one image. It checks the fields
 * with the API's own schema before sending (the browser's checks are off so
 * that the messages are the same as the server's), and keeps itself open
 * with the reason when the save fails.
 */
export function EntityFormDialog({
  title,
  fields,
  initialValues,
  schema,
  image,
  saveError,
  onSave,
  onClose,
}: {
  title: string;
  fields: EntityField[];
  initialValues: FieldValues;
  schema: ZodType;
  image: { label: string; name: string; current: ImageDetails | null; currentAlt: string };
  saveError: string;
  /** Resolves once saved (the caller then closes the form); throws what went wrong. */
  onSave: (values: FieldValues, image: File | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const idPrefix = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [picked, setPicked] = useState<PickedImage[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function showProblems(problems: FieldErrors) {
    setErrors(problems);
    // The first field named gets focus, so its message is read out.
    const first = fields.find((field) => problems[field.name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = fieldErrorsOf(schema, values);
    showProblems(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      await onSave(values, picked[0]?.file);
    } catch (error) {
      setFailure(withDetail(saveError, error));
      showProblems(error instanceof ApiError ? (error.fields ?? {}) : {});
      setSaving(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose} className="entity-form-dialog">
      <form ref={form} className="dashboard-form entity-form" noValidate onSubmit={submit}>
        {fields.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          return (
            <div key={field.name} className="dashboard-form__field">
              <label htmlFor={id}>
                {field.label}
                {field.required && <RequiredMark />}
              </label>
              <FieldInput
                field={field}
                id={id}
                value={values[field.name] ?? ''}
                error={errors[field.name]}
                onChange={(value) => setValues((old) => ({ ...old, [field.name]: value }))}
              />
              {errors[field.name] && (
                <p id={`${id}-error`} className="dashboard-form__error">
                  {errors[field.name]}
                </p>
              )}
            </div>
          );
        })}
        {image.current && picked.length === 0 && (
          <figure className="entity-form__current">
            <ResponsiveImage image={image.current} alt={image.currentAlt} sizes="160px" />
            <figcaption>Current {image.label.toLowerCase()}</figcaption>
          </figure>
        )}
        <ImagePicker
          label={image.label}
          name={image.name}
          value={picked}
          onChange={setPicked}
          hint={image.current ? `A new ${image.label.toLowerCase()} replaces the current one.` : undefined}
        />
        <FormActions error={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
      </form>
    </Modal>
  );
}
