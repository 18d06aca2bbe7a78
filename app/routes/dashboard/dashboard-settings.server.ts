import type { AppLoadContext } from 'react-router';
import { describeDemoContent } from '../../../server/demo/demo-records';
import { getSiteSettings, updateSiteSettings } from '../../../server/services/content/settings';
import { setVisitCounting, visitCountingOn } from '../../../server/services/visits/visit-switch';
import { emailNotificationStatus } from '../../../server/services/mail/test-email';
import { requireAdminSession } from './session.server';
import { VISIT_SWITCH_FIELD } from '../../../core/visits';
import { readFormData } from '../../lib/read-form.server';
import type { ActionResult } from '../../lib/action-result';
import { actionFailure } from '../../lib/action-failure.server';

export async function loadSettings(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  const [settings, countVisits, demo] = await Promise.all([
    getSiteSettings(context.ctx),
    visitCountingOn(context.ctx.db),
    describeDemoContent(context.ctx),
  ]);
  return {
    settings,
    countVisits,
    countingOffOnServer: !context.ctx.config.analytics.enabled,
    emailNotifications: emailNotificationStatus(context.ctx.config),
    demo,
  };
}

const SETTINGS_SAVED = 'Settings saved.';

/** Saves the settings form; a new logo goes through the same image pipeline as every upload. */
export async function saveSettings(context: AppLoadContext, request: Request): Promise<ActionResult> {
  await requireAdminSession(context, request);
  const form = await readFormData(context, request);
  const logoFile = form.get('logo');
  form.delete('logo');
  // The "Count visits" checkbox is sent only when ticked; the hidden field says the form had it.
  const countVisits = form.has(VISIT_SWITCH_FIELD) ? form.get('countVisits') === 'on' : undefined;
  form.delete(VISIT_SWITCH_FIELD);
  form.delete('countVisits');
  const logo =
    logoFile instanceof File && logoFile.size > 0
      ? { buffer: Buffer.from(await logoFile.arrayBuffer()), originalName: logoFile.name }
      : undefined;
  try {
    await updateSiteSettings(context.ctx, Object.fromEntries(form), logo);
    if (countVisits !== undefined && countVisits !== (await visitCountingOn(context.ctx.db))) {
      await setVisitCounting(context.ctx, countVisits);
    }
    return { ok: true, message: SETTINGS_SAVED };
  } catch (error) {
    return actionFailure(error);
  }
}
