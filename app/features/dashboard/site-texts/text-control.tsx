import { Field } from '../../../ui/field';

/** A labelled input or textarea of the site-texts forms, with its error and the length limit the API keeps. */
export function TextControl({
  idPrefix,
  name,
  label,
  defaultValue,
  error,
  maxLength,
  rows,
  required = true,
  hint,
}: {
  idPrefix: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  maxLength: number;
  /** A textarea of this many rows; otherwise a one-line input. */
  rows?: number;
  required?: boolean;
  hint?: string;
}) {
  const hintId = `${idPrefix}-${name}-hint`;
  return (
    <Field {...{ idPrefix, name, label, error, required }} describedBy={hint ? hintId : undefined}>
      {(props) => {
        const control = { ...props, defaultValue, maxLength };
        return (
          <>
            {rows ? <textarea rows={rows} {...control} /> : <input type="text" {...control} />}
            {hint && (
              <p id={hintId} className="dashboard-form__note">
                {hint}
              </p>
            )}
          </>
        );
      }}
    </Field>
  );
}
