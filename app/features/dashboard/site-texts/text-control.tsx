import { Field } from '../../../ui/field';

/** How a TextControl's control is drawn, beside what ties it to its form. */
export interface TextControlOptions {
  /** The API's limit, where it counts characters (a figure's is its value). */
  maxLength?: number;
  /** A textarea of this many rows; otherwise a one-line input. */
  rows?: number;
  required?: boolean;
  hint?: string;
  /** The keyboard a phone shows for a one-line input ('numeric' for a figure). */
  inputMode?: 'numeric';
}

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
  inputMode,
}: TextControlOptions & {
  idPrefix: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
}) {
  return (
    <Field {...{ idPrefix, name, label, error, required, hint }}>
      {(props) => {
        const control = { ...props, defaultValue, maxLength };
        return rows ? <textarea rows={rows} {...control} /> : <input type="text" inputMode={inputMode} {...control} />;
      }}
    </Field>
  );
}
