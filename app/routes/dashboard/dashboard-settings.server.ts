import type { AppLoadContext } from 'react-router';
import { getSiteSettings, updateSiteSettings } from '../../../server/services/content/settings';
import { requireAdminSession } from './session.server';
import { readFormData } from '../../lib/read-form.server';
import type { ActionResult } from '../../lib/action-result';
import { actionFailure } from '../../lib/action-failure.server';

export async function loadSettings(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { settings: await getSiteSettings(context.ctx) };
}

const SETTINGS_SAVED = 'Settings saved.';

/** Saves the settings form; a new logo goes through the same image pipeline as every upload. */
export async function saveSettings(context: AppLoadContext, request: Request): Promise<ActionResult> {
  await requireAdminSession(context, request);
  const form = await readFormData(context, request);
  const logoFile = form.get('logo');
  form.delete('logo');
  const logo =
    logoFile instanceof File && logoFile.size > 0
      ? { buffer: Buffer.from(await logoFile.arrayBuffer()), originalName: logoFile.name }
      : undefined;
  try {
    await updateSiteSettings(context.ctx, Object.fromEntries(form), logo);
    return { ok: true, message: SETTINGS_SAVED };
  } catch (error) {
    return actionFailure(error);
  }
}
