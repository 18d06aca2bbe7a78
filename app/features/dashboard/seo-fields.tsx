import { Field, type ValueProps } from '../../ui/field';

export interface SeoValues {
  seoDescription: string;
  seoImage: string;
}

/**
 * A project's or a post's own meta description and social image. Empty fields keep what the page derives
 * (the text's beginning, the cover image); the limits are the API's (core/schemas/site-texts.schema.ts).
 */
export function SeoFields({
  idPrefix,
  field,
  errors,
  fallback,
}: {
  idPrefix: string;
  /** The form's spread for each field (`useFormValues().field`). */
  field: (name: keyof SeoValues) => ValueProps;
  errors: Partial<Record<keyof SeoValues, string>>;
  /** What shows when the fields are empty, in words. */
  fallback: string;
}) {
  const hintId = `${idPrefix}-seo-hint`;
  return (
    <fieldset className="dashboard-fieldset">
      <legend>Search and sharing</legend>
      <p id={hintId} className="dashboard-form__note">
        Empty fields use {fallback}.
      </p>
      <Field
        idPrefix={idPrefix}
        name="seoDescription"
        label="Summary for search engines"
        error={errors.seoDescription}
        describedBy={hintId}
      >
        {(props) => <textarea {...props} rows={2} maxLength={300} {...field('seoDescription')} />}
      </Field>
      <Field idPrefix={idPrefix} name="seoImage" label="Social image" error={errors.seoImage} describedBy={hintId}>
        {(props) => (
          <input {...props} maxLength={500} placeholder="library/123-ab.jpg or https://…" {...field('seoImage')} />
        )}
      </Field>
    </fieldset>
  );
}
