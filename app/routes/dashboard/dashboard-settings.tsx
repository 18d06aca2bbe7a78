import { Form, useNavigation } from 'react-router';
import { resolveImageUrl } from '../../../core/image-url';
import type { SiteSettings } from '../../../core/types';
import { VISIT_SWITCH_FIELD } from '../../../core/visits';
import type { Route } from './+types/dashboard-settings';
import { loadSettings, saveSettings } from './dashboard-settings.server';
import { dashboardMeta } from '../../features/dashboard/dashboard-meta';
import { EmailNotifications } from '../../features/dashboard/settings/email-notifications';
import { DemoContentSection } from '../../features/dashboard/demo-content-section';
import { Field } from '../../ui/field';

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSettings(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return saveSettings(context, request);
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
export default function DashboardSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, countVisits, countingOffOnServer, emailNotifications, demo } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <h1>Settings</h1>
      {/* Its fields show their default values: removing the demo content, which may clear some, makes it anew. */}
      <Form
        key={demo ? 'with-demo-content' : 'own-content'}
        method="post"
        encType="multipart/form-data"
        className="dashboard-card dashboard-form dashboard-form--wide"
      >
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            idPrefix="settings"
            name={field.name}
            label={field.label}
            error={actionData?.ok === false ? actionData.fields?.[field.name] : undefined}
          >
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
          <input type="hidden" name={VISIT_SWITCH_FIELD} value="1" />
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
        {actionData && (
          <p role="status" className={actionData.ok ? 'dashboard-form__ok' : 'dashboard-form__error'}>
            {actionData.ok ? actionData.message : actionData.error}
          </p>
        )}
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Saving...' : 'Save settings'}
        </button>
      </Form>
      <EmailNotifications status={emailNotifications} />
      <DemoContentSection demo={demo} />
    </>
  );
}
