import type { AppLoadContext } from 'react-router';
import { AppError } from '../../../server/services/errors';
import { getSiteSettings, updateSiteSettings } from '../../../server/services/settings';
import { requireAdminSession } from './session.server';
import { readFormData } from '../../lib/read-form.server';

export async function loadSettings(context: AppLoadContext, request: Request) {
  await requireAdminSession(context, request);
  return { settings: await getSiteSettings(context.ctx) };
}

export type SettingsResult = { saved: true } | { saved: false; error: string; fields?: Record<string, string> };

/** Saves the settings form; a new logo goes through the same image pipeline as every upload. */
export async function saveSettings(context: AppLoadContext, request: Request): Promise<SettingsResult> {
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
    return { saved: true };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { saved: false, error: error.message, fields: error.fields };
    throw error;
  }
}
