import {
  siteSettingsSchema,
  siteSettingsUpdateSchema,
  type SiteSettingsInput,
} from '../../../core/schemas/settings.schema';
import type { SiteSettings } from '../../../core/types';
import type { Db } from '../../db/database';
import type { ContentTransaction } from '../cache/content-version';
import { nowIso, type ServiceContext, type UploadedFile } from '../context';
import { parseInput } from '../errors';
import { findMediaItems, writeWithImages } from '../media/media';
import { releaseReplacedImage } from '../media/single-image';

const SETTINGS_COLUMNS = [
  'brandName',
  'description',
  'logoMediaId',
  'contactEmail',
  'phonePrimary',
  'phoneSecondary',
  'address',
  'facebookUrl',
  'instagramUrl',
  'youtubeUrl',
  'tiktokUrl',
] as const;

/** What a site shows before its administrator has said anything. */
export const DEFAULT_SITE_SETTINGS: SiteSettingsInput = {
  brandName: 'Studio',
  description: '',
  contactEmail: '',
  phonePrimary: '',
  phoneSecondary: '',
  address: 'Babesa, Thimphu, Bhutan',
  facebookUrl: '',
  instagramUrl: '',
  youtubeUrl: '',
  tiktokUrl: '',
};

async function readSettings(db: Db): Promise<SiteSettings> {
  const row = await db.selectFrom('siteSettings').select(SETTINGS_COLUMNS).where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...DEFAULT_SITE_SETTINGS, logo: '' };
  const { logoMediaId, ...fields } = row;
  const [logo] = await findMediaItems(db, logoMediaId === null ? [] : [logoMediaId]);
  return { ...fields, logo: logo?.path ?? '' };
}

export async function getSiteSettings(ctx: ServiceContext): Promise<SiteSettings> {
  return readSettings(ctx.db);
}

/** Saves the fields sent (the rest keep their values) and, when sent, a new logo. */
export async function updateSiteSettings(
  ctx: ServiceContext,
  input: unknown,
  logo?: UploadedFile,
): Promise<SiteSettings> {
  const fields = parseInput(siteSettingsUpdateSchema, input);
  return writeWithImages(ctx, logo ? [logo] : [], 'settings', async (trx, [logoMediaId]) => {
    const current = await trx
      .selectFrom('siteSettings')
      .select(SETTINGS_COLUMNS)
      .where('id', '=', 1)
      .executeTakeFirst();
    const merged = parseInput(siteSettingsSchema, { ...(current ?? DEFAULT_SITE_SETTINGS), ...fields });
    const values = {
      ...merged,
      logoMediaId: logoMediaId ?? current?.logoMediaId ?? null,
      updatedAt: nowIso(),
    };
    await trx
      .insertInto('siteSettings')
      .values({ id: 1, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
    const replaced = await releaseReplacedImage(trx, current?.logoMediaId ?? null, logoMediaId);
    return { result: await readSettings(trx), replaced };
  });
}

/** What a seeder put in the settings: its values, and the logo it stored. */
export interface SeededSettings {
  values: SiteSettingsInput;
  logoMediaId: number | null;
}

/** The settings' fields, and `logo`, that still hold what `seeded` put there (where that is not the default). */
export async function settingsStillSeeded(
  db: Db,
  seeded: SeededSettings,
): Promise<(keyof SiteSettingsInput | 'logo')[]> {
  const current = await db.selectFrom('siteSettings').select(SETTINGS_COLUMNS).where('id', '=', 1).executeTakeFirst();
  if (!current) return [];
  const names = (Object.keys(seeded.values) as (keyof SiteSettingsInput)[]).filter(
    (name) => current[name] === seeded.values[name] && seeded.values[name] !== DEFAULT_SITE_SETTINGS[name],
  );
  const logoKept = seeded.logoMediaId !== null && current.logoMediaId === seeded.logoMediaId;
  return logoKept ? [...names, 'logo'] : names;
}

/**
 * Puts the defaults back where the settings still hold what `seeded` put there, and takes its logo off them (the
 * caller deletes its media row); what the owner typed or uploaded since stays. Answers what it put back.
 */
export async function resetSeededSettings(
  trx: ContentTransaction,
  seeded: SeededSettings,
): Promise<(keyof SiteSettingsInput | 'logo')[]> {
  const names = await settingsStillSeeded(trx, seeded);
  if (names.length === 0) return names;
  const values = Object.fromEntries(
    names.map((name) => (name === 'logo' ? ['logoMediaId', null] : [name, DEFAULT_SITE_SETTINGS[name]])),
  );
  await trx
    .updateTable('siteSettings')
    .set({ ...values, updatedAt: nowIso() })
    .where('id', '=', 1)
    .execute();
  return names;
}
