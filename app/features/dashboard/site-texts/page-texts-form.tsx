import type { FormEvent } from 'react';
import { MESSAGES } from '../../../../core/messages';
import { siteTextsSchema } from '../../../../core/schemas/site-texts.schema';
import type { SiteTexts, TeamMember } from '../../../../core/types';
import { Field } from '../../../ui/field';
import type { NoticeReport } from '../notice';
import { TextControl, type TextControlOptions } from './text-control';
import { formValues } from '../../../lib/form-check';
import { useFormSubmit } from '../use-form-submit';
import { saveSiteText } from './save-site-text';

const BRAND_HINT = '{brand} is replaced by the studio’s name from Settings. Left empty, it is not shown.';
const SHOWN_HINT = 'Left empty, it is not shown.';
const COUNTED_HINT = 'Leave empty to count it from the data.';

/** The About texts of the home and about pages, the founder card, vision, mission and the two stated figures. */
export function PageTextsForm({
  texts,
  team,
  notices,
}: {
  texts: SiteTexts;
  team: TeamMember[];
  notices: NoticeReport;
}) {
  const { form, errors, busy, submit: save } = useFormSubmit();
  const idPrefix = 'texts';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saveSiteText(save, notices, {
      method: 'PUT',
      path: '/api/site-texts',
      body: formValues(event.currentTarget),
      schema: siteTextsSchema,
      success: 'Page texts saved.',
      failure: MESSAGES.errorSavingSiteTexts,
    });
  }

  const text = (name: keyof SiteTexts, label: string, control: TextControlOptions) => (
    <TextControl
      idPrefix={idPrefix}
      name={name}
      label={label}
      defaultValue={String(texts[name] ?? '')}
      error={errors[name]}
      {...control}
    />
  );
  const figure = (name: 'yearsOfExperience' | 'workingHours', label: string) =>
    text(name, label, { required: false, inputMode: 'numeric', hint: COUNTED_HINT });

  return (
    <form
      ref={form}
      className="dashboard-card dashboard-form dashboard-form--wide"
      aria-labelledby="page-texts-title"
      noValidate
      onSubmit={submit}
    >
      <h2 id="page-texts-title">Page texts</h2>
      <fieldset className="dashboard-fieldset">
        <legend>Home page: About Us</legend>
        {text('homeAboutHeading', 'Heading', { maxLength: 120, required: false, hint: SHOWN_HINT })}
        {text('homeAboutText', 'Text', { maxLength: 1200, rows: 4, required: false, hint: BRAND_HINT })}
      </fieldset>
      <fieldset className="dashboard-fieldset">
        <legend>About page: About Us and founder</legend>
        {text('aboutHeading', 'Heading', { maxLength: 120, required: false, hint: SHOWN_HINT })}
        {text('aboutText', 'Text', { maxLength: 1200, rows: 4, required: false, hint: BRAND_HINT })}
        <Field
          idPrefix={idPrefix}
          name="founderMemberId"
          label="Founder card"
          error={errors.founderMemberId}
          hint="The team member pictured beside the About Us text, with their name and position."
        >
          {(props) => (
            <select {...props} defaultValue={texts.founderMemberId ?? ''}>
              <option value="">The first team member</option>
              {team.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({member.position})
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <fieldset className="dashboard-fieldset">
        <legend>Vision and mission</legend>
        {text('vision', 'Vision', { maxLength: 600, rows: 3, required: false, hint: SHOWN_HINT })}
        {text('mission', 'Mission', { maxLength: 600, rows: 3, required: false, hint: SHOWN_HINT })}
      </fieldset>
      <fieldset className="dashboard-fieldset">
        <legend>Statistics</legend>
        {figure('yearsOfExperience', 'Years of experience')}
        {figure('workingHours', 'Working hours')}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : 'Save page texts'}
      </button>
    </form>
  );
}
