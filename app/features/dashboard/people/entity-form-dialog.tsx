import { type FormEvent, useId, useState } from 'react';
import type { ZodType } from 'zod';
import type { ImageDetails } from '../../../../core/types';
import { FormActions } from '../form-actions';
import { CreatedBeforeCancel } from '../created-before-cancel';
import { MESSAGES } from '../../../../core/messages';
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
 * with the reason when the save fails. Cancel (the button, Escape, the ×) while the image goes up stops it; once
 * the server had it all, the dialog waits for the answer and, for a new item, offers to delete it.
 */
export function EntityFormDialog<T extends { id: number; name: string }>({
  title,
  noun,
  apiPath,
  editing,
  deleteError,
  fields,
  initialValues,
  schema,
  image,
  saveError,
  onSave,
  onSaved,
  onCancelled,
  onClose,
}: {
  title: string;
  /** Lower case, for the messages: 'client', 'team member'. */
  noun: string;
  /** The REST collection, e.g. '/api/clients', where a new item Cancel came too late for is deleted. */
  apiPath: string;
  /** Whether the item exists already (an edit) rather than being added. */
  editing: boolean;
  deleteError: string;
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
  /** Told what became of a save its Cancel stopped (or came too late for), for the page's message area. */
  onCancelled: (outcome: string) => void;
  onClose: () => void;
}) {
  const idPrefix = useId();
  const { values, field: valuePropsOf } = useFormValues(initialValues);
  const { form, errors, busy: saving, uploads, submit: save, cancel, cancelling } = useFormSubmit();
  const [picked, setPicked] = useState<PickedImage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [createdAnyway, setCreatedAnyway] = useState<T | null>(null);
  const close = () => (createdAnyway ? onSaved(createdAnyway) : saving ? cancel() : onClose());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = await save({
      input: values,
      schema,
      send: (_checked, upload) => onSave(values, picked[0]?.file, upload),
      onFailure: (failed) => setFailure(withDetail(saveError, failed)),
    });
    if (!result.ok) {
      if (result.cancelled) {
        onCancelled(MESSAGES.uploadCancelled(`the ${noun} was not ${editing ? 'changed' : 'added'}`));
      }
    } else if (!result.cancelTooLate) onSaved(result.data);
    else if (editing) onCancelled(MESSAGES.savedBeforeCancel(`the changes to “${result.data.name}”`));
    else setCreatedAnyway(result.data);
  }

  return (
    <Modal title={title} onClose={close} className="entity-form-dialog">
      {createdAnyway ? (
        <CreatedBeforeCancel
          what={`The ${noun} “${createdAnyway.name}”`}
          deletePath={`${apiPath}/${createdAnyway.id}`}
          deleteError={deleteError}
          onCancelled={onCancelled}
          onKept={close}
        />
      ) : (
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
          <UploadProgress files={uploads} cancelling={cancelling} />
          <FormActions error={failure} busy={saving} submitLabel="Save" onCancel={close} />
        </form>
      )}
    </Modal>
  );
}
