import { type FormEvent, useState } from 'react';
import { resolveImageUrl } from '../../../core/image-url';
import { MESSAGES } from '../../../core/messages';
import { siteSettingsUpdateSchema } from '../../../core/schemas/settings.schema';
import type { SiteSettings } from '../../../core/types';
import type { Route } from './+types/dashboard-settings';
import { loadSettings } from './dashboard-settings.server';
import { dashboardRequest } from '../../features/dashboard/dashboard-api';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import { useFormSubmit } from '../../features/dashboard/use-form-submit';
import { EmailNotifications } from '../../features/dashboard/settings/email-notifications';
import { DemoContentSection } from '../../features/dashboard/demo-content-section';
import { Field } from '../../ui/field';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSettings(context, request);
}

export const meta = () => dashboardMeta('Settings');

const FIELDS: { name: Exclude<keyof SiteSettings, 'logo'>; label: string; type?: string; multiline?: boolean }[] = [
  { name: 'brandName', label: 'Brand name' },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'contactEmail', label: 'Contact e-mail', type: 'email' },
  { name: 'phonePrimary', label: 'Phone', type: 'tel' },
  { name: 'phoneSecondary', label: 'Second phone', type: 'tel' },
  { name: 'address', label: 'Address' },
  { name: 'facebookUrl', label: 'Facebook link', type: 'url' },
  { name: 'instagramUrl', label: 'Instagram link', type: 'url' },
  { name: 'youtubeUrl', label: 'YouTube link', type: 'url' },
  { name: 'tiktokUrl', label: 'TikTok link', type: 'url' },
];

/** The site settings the public pages show (kept on the server, not in the browser as SPEC had it). */
export default function DashboardSettings({ loaderData }: Route.ComponentProps) {
  const { settings, countVisits, countingOffOnServer, emailNotifications, demo } = loaderData;
  const { form, errors, busy, submit } = useFormSubmit();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const body = new FormData(formElement);
    // An empty file input still sends a part, which would read as a logo without an image.
    const logo = body.get('logo');
    if (logo instanceof File && logo.size === 0) body.delete('logo');
    // A checkbox is sent only when ticked; the switch is said either way.
    body.set('countVisits', String(body.has('countVisits')));
    const saved = await submit({
      input: body,
      schema: siteSettingsUpdateSchema,
      send: (_checked, upload) => dashboardRequest('PUT', '/api/settings', body, upload),
    });
    setNotice(saved.ok ? { ok: true, text: MESSAGES.settingsSaved } : { ok: false, text: saved.error });
    // Saved: the logo is the current one now, and is not sent again with the next save.
    const logoInput = formElement.elements.namedItem('logo');
    if (saved.ok && logoInput instanceof HTMLInputElement) logoInput.value = '';
  }

  return (
    <>
      <h1>Settings</h1>
      {/* Its fields show their default values: removing the demo content, which may clear some, makes it anew. */}
      <form
        key={demo ? 'with-demo-content' : 'own-content'}
        ref={form}
        onSubmit={(event) => void save(event)}
        noValidate
        className="dashboard-card dashboard-form dashboard-form--wide"
      >
        {FIELDS.map((field) => (
          <Field key={field.name} idPrefix="settings" name={field.name} label={field.label} error={errors[field.name]}>
            {(fieldProps) => {
              // The brand name is required, as before without the mark: the page says nothing of required fields.
              const props = { ...fieldProps, defaultValue: settings[field.name], required: field.name === 'brandName' };
              return field.multiline ? (
                <textarea rows={3} {...props} />
              ) : (
                <input type={field.type ?? 'text'} {...props} />
              );
            }}
          </Field>
        ))}
        <div className="dashboard-form__field">
          <label htmlFor="settings-logo">Logo</label>
          {settings.logo && (
            <img
              src={resolveImageUrl(settings.logo)}
              alt="Current logo"
              width={152}
              height={40}
              className="dashboard-form__logo"
            />
          )}
          <input id="settings-logo" name="logo" type="file" accept="image/*" />
        </div>
        <fieldset className="settings-visits">
          <legend>Visits</legend>
          <label>
            <input
              type="checkbox"
              name="countVisits"
              defaultChecked={countVisits}
              aria-describedby="settings-visits-hint"
            />
            Count visits
          </label>
          <p id="settings-visits-hint" className="settings-visits__hint">
            {countingOffOnServer
              ? 'Counting is switched off on the server (ANALYTICS=0), so nothing is counted whatever this says.'
              : 'Counts visitors and page views for the dashboard, without cookies and without keeping addresses. Switched off, nothing is counted and nothing is shown.'}
          </p>
        </fieldset>
        {notice && (
          <p role="status" className={notice.ok ? 'dashboard-form__ok' : 'dashboard-form__error'}>
            {notice.text}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : 'Save settings'}
        </button>
      </form>
      <EmailNotifications status={emailNotifications} />
      <DemoContentSection demo={demo} />
    </>
  );
}
