import { Field, type ValueProps } from '../../ui/field';

export interface SeoValues {
  seoDescription: string;
  seoImage: string;
}

/** What the two fields are called and what they are for, the same in a project's or post's form and in Site texts. */
export const SEO_FIELD_WORDS = {
  seoDescription: {
    label: 'Summary for search engines',
    hint: 'The text under the title in search results and in shared links.',
  },
  seoImage: {
    label: 'Picture for shared links',
    hint: 'Shown when a link is shared (Facebook, WhatsApp…): the address of an image in Media (its Copy URL button), or one starting with https://.',
  },
} satisfies Record<keyof SeoValues, { label: string; hint: string }>;

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
        {...SEO_FIELD_WORDS.seoDescription}
        error={errors.seoDescription}
        describedBy={hintId}
      >
        {(props) => <textarea {...props} rows={2} maxLength={300} {...field('seoDescription')} />}
      </Field>
      <Field
        idPrefix={idPrefix}
        name="seoImage"
        {...SEO_FIELD_WORDS.seoImage}
        error={errors.seoImage}
        describedBy={hintId}
      >
        {(props) => (
          <input {...props} maxLength={500} placeholder="library/123-ab.jpg or https://…" {...field('seoImage')} />
        )}
      </Field>
    </fieldset>
  );
}
