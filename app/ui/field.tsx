import type { ReactNode } from 'react';

/** What Field hands its control: the id its label and message point at, and the error wiring. */
export interface FieldControlProps {
  id: string;
  name: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A controlled text control's value and change handler, in one spread (`useFormValues().field(name)`). */
export interface ValueProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** The mark after a required field's label; screen readers hear the control's own `required` instead. */
export function RequiredMark() {
  return <span aria-hidden="true"> *</span>;
}

/** Said once at the top of a form whose required fields carry the mark. */
export function RequiredNote() {
  return <p className="dashboard-form__note">Fields marked * are required.</p>;
}

interface FieldProps {
  /** Keeps ids apart when two forms share a page ('project', 'blog'). */
  idPrefix: string;
  name: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  /** One line under the control saying what the field is for, where its label alone would not. */
  hint?: ReactNode;
  /** The id of a text elsewhere the control is described by as well (after its error and hint). */
  describedBy?: string;
  /** The CSS block the field's classes belong to: the dashboard's forms, or the public contact form. */
  block?: 'dashboard-form' | 'contact-form';
}

/** A label, the control and its message, tied together for screen readers. */
export function Field({
  idPrefix,
  name,
  label,
  error,
  required = false,
  hint,
  describedBy,
  block = 'dashboard-form',
  children,
}: FieldProps & { children: (props: FieldControlProps) => ReactNode }) {
  const id = `${idPrefix}-${name}`;
  const descriptions = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined, describedBy]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`${block}__field`}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': descriptions || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className={`${block}__hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`${block}__error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A Field whose control is a select of plain options; `placeholder` is a first, empty option for "none chosen", and
 * `labels` the words shown for values a person would not read as words (a status, a page's address).
 */
export function SelectField({
  options,
  labels,
  value,
  onChange,
  placeholder,
  ...field
}: FieldProps &
  ValueProps & {
    options: readonly string[];
    labels?: Readonly<Record<string, string>>;
    placeholder?: string;
  }) {
  return (
    <Field {...field}>
      {(props) => (
        <select {...props} value={value} onChange={onChange}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels?.[option] ?? option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
