import type { ReactNode } from 'react';

interface FieldControlProps {
  id: string;
  name: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
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
        {required && <span aria-hidden="true"> *</span>}
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
