import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { pageSeoSchema } from '../../../../core/schemas/site-texts.schema';
import { STATIC_PUBLIC_PATHS, staticPageName } from '../../../../core/site-structure';
import type { PageSeo } from '../../../../core/types';
import { SelectField } from '../../../ui/field';
import type { NoticeReport } from '../notice';
import { SEO_FIELD_WORDS } from '../seo-fields';
import { TextControl } from './text-control';
import { formValues } from '../../../lib/form-check';
import { useFormSubmit } from '../use-form-submit';
import { saveSiteText } from './save-site-text';

export const PAGE_SEO_HEADING = 'Search and sharing, page by page';

/** Each page's name as the owner knows it, with its address. */
const PAGE_OPTION_LABELS = Object.fromEntries(
  STATIC_PUBLIC_PATHS.map((path) => [path, `${staticPageName(path)} (${path})`]),
);

/** Each page's search and sharing fields (page SEO), one page at a time, from the site's pages without a parameter. */
export function PageSeoForm({ pages, notices }: { pages: PageSeo[]; notices: NoticeReport }) {
  const { form, errors, busy, submit: save } = useFormSubmit();
  const [path, setPath] = useState(STATIC_PUBLIC_PATHS[0]!);
  const current = pages.find((page) => page.path === path);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saveSiteText(save, notices, {
      method: 'PUT',
      path: '/api/page-seo',
      body: formValues(event.currentTarget),
      schema: pageSeoSchema,
      success: `Search and sharing of ${PAGE_OPTION_LABELS[path]} saved.`,
      failure: MESSAGES.errorSavingSiteTexts,
    });
  }

  return (
    <form
      ref={form}
      className="dashboard-card dashboard-form dashboard-form--wide"
      aria-labelledby="page-seo-title"
      noValidate
      onSubmit={submit}
    >
      <h2 id="page-seo-title">{PAGE_SEO_HEADING}</h2>
      <p className="dashboard-form__note">
        What search engines and shared links show. Empty fields keep the page’s own description and image. Projects and
        posts have these fields in their own forms.
      </p>
      <SelectField
        idPrefix="seo"
        name="path"
        label="Page"
        error={errors.path}
        options={STATIC_PUBLIC_PATHS}
        labels={PAGE_OPTION_LABELS}
        value={path}
        onChange={(event) => setPath(event.target.value)}
      />
      {/* Keyed by page, so choosing another page shows that page's saved values. */}
      <div key={path} className="dashboard-form">
        <TextControl
          idPrefix="seo"
          name="seoDescription"
          {...SEO_FIELD_WORDS.seoDescription}
          defaultValue={current?.description ?? ''}
          error={errors.seoDescription}
          maxLength={300}
          rows={3}
          required={false}
        />
        <TextControl
          idPrefix="seo"
          name="seoImage"
          {...SEO_FIELD_WORDS.seoImage}
          defaultValue={current?.image ?? ''}
          error={errors.seoImage}
          maxLength={500}
          required={false}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Save search and sharing'}
      </button>
    </form>
  );
}
