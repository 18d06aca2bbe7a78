import type { ReactNode } from 'react';

interface FieldControlProps {
  id: string;
  name: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The mark after a required field's label; screen readers hear the control's own `required` instead. */
export function RequiredMark() {
  return <span aria-hidden="true"> *</span>;
}

/** Said once at the top of a form whose required fields carry the mark. */
export function RequiredNote() {
  return <p className="dashboard-form__note">Fields marked * are required.</p>;
}

/** A label, the control and its message, tied together for screen readers. */
export function Field({
  idPrefix,
  name,
  label,
  error,
  required = false,
  children,
}: {
  /** Keeps ids apart when two forms share a page ('project', 'blog'). */
  idPrefix: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="dashboard-form__field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="dashboard-form__error">
          {error}
        </p>
      )}
    </div>
  );
}
