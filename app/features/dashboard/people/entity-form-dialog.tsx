import { type FormEvent, useId, useState } from 'react';
import type { ZodType } from 'zod';
import type { ImageDetails } from '../../../../core/types';
import { FormActions } from '../form-actions';
import { Modal } from '../../../ui/modal';
import { ResponsiveImage } from '../../../ui/responsive-image';
import { withDetail } from '../dashboard-api';
import type { RequestOptions } from '../../../lib/api-client';
import { ImagePicker, type PickedImage } from '../image-picker';
import { Field, type FieldControlProps, type ValueProps } from '../../../ui/field';
import { UploadProgress } from '../upload-progress';
import { useFormSubmit } from '../use-form-submit';
import { useFormValues } from '../use-form-values';
import type { EntityField, FieldValues } from './entity-kind';

/** The control of one field; Field gives it the id, name and error wiring. */
function FieldInput({
  field,
  controlProps,
  valueProps,
}: {
  field: EntityField;
  controlProps: FieldControlProps;
  valueProps: ValueProps;
}) {
  const props = { ...controlProps, ...valueProps };
  if (field.kind === 'textarea') return <textarea rows={4} {...props} />;
  if (field.kind === 'select') {
    return (
      <select {...props}>
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {field.optionLabels?.[option] ?? option}
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
export function EntityFormDialog<T>({
  title,
  fields,
  initialValues,
  schema,
  image,
  saveError,
  onSave,
  onSaved,
  onClose,
}: {
  title: string;
  fields: EntityField[];
  initialValues: FieldValues;
  schema: ZodType;
  image: { label: string; name: string; current: ImageDetails | null; currentAlt: string };
  saveError: string;
  /**
   * Sends the form (checked first by the dialog, which runs the page's loaders again after), with `upload` so the
   * dialog shows the image going up; throws what went wrong.
   */
  onSave: (values: FieldValues, image: File | undefined, upload: RequestOptions) => Promise<T>;
  /** Told once saved and the page's data is fresh (the caller then closes the form). */
  onSaved: (saved: T) => void;
  onClose: () => void;
}) {
  const idPrefix = useId();
  const { values, field: valuePropsOf } = useFormValues(initialValues);
  const { form, errors, busy: saving, uploads, submit: save } = useFormSubmit();
  const [picked, setPicked] = useState<PickedImage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = await save({
      input: values,
      schema,
      send: (_checked, upload) => onSave(values, picked[0]?.file, upload),
      onFailure: (failed) => setFailure(withDetail(saveError, failed)),
    });
    if (result.ok) onSaved(result.data);
  }

  return (
    <Modal title={title} onClose={onClose} className="entity-form-dialog">
      <form ref={form} className="dashboard-form entity-form" noValidate onSubmit={submit}>
        {fields.map((field) => (
          <Field
            key={field.name}
            idPrefix={idPrefix}
            name={field.name}
            label={field.label}
            error={errors[field.name]}
            required={field.required}
            hint={field.hint}
          >
            {(props) => <FieldInput field={field} controlProps={props} valueProps={valuePropsOf(field.name)} />}
          </Field>
        ))}
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
        <UploadProgress files={uploads} />
        <FormActions error={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
      </form>
    </Modal>
  );
}
