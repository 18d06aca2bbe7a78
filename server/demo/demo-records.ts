import {
  countAll,
  type DemoContentCounts,
  type DemoContentSummary,
  hasDefaultTexts,
  NO_DEFAULT_TEXTS,
  NO_DEMO_RECORDS,
} from '../../core/demo-content';
import type { Db } from '../db/database';
import { changeContent, type ContentTransaction } from '../services/cache/content-version';
import type { ServiceContext } from '../services/context';
import { deleteBlogRow } from '../services/content/blogs';
import { deleteClientRow } from '../services/content/clients';
import { deleteProjectRow } from '../services/content/projects';
import { resetSeededSettings, type SeededSettings, settingsStillSeeded } from '../services/content/settings';
import { deleteTeamMemberRow } from '../services/content/team-members';
import { deleteImageFiles } from '../services/media/images';
import { deleteMediaRows, findMediaItems } from '../services/media/media';
import { demoSettings } from './demo-content';
import { clearDefaultTexts, describeDefaultTexts } from './default-site-texts';

/**
 * The records the demo content made (migration 0011, `demo_records`), and their removal. An entity's row keeps
 * its `updated_at` as the seeder left it: one the owner has edited since is theirs now, and stays.
 */

const DEMO_ENTITIES = {
  project: { table: 'projects', count: 'projects', deleteRow: deleteProjectRow },
  blog: { table: 'blogs', count: 'blogs', deleteRow: deleteBlogRow },
  client: { table: 'clients', count: 'clients', deleteRow: deleteClientRow },
  'team-member': { table: 'teamMembers', count: 'teamMembers', deleteRow: deleteTeamMemberRow },
} as const satisfies Record<
  string,
  {
    table: 'projects' | 'blogs' | 'clients' | 'teamMembers';
    count: keyof DemoContentCounts;
    deleteRow: (trx: ContentTransaction, id: number, unchangedSince: string) => Promise<number[] | null>;
  }
>;

type DemoEntityKind = keyof typeof DEMO_ENTITIES;

/** An entity the demo made; `settings` (id 1): it filled in the site settings; `logo`: the media row of its logo. */
export type DemoRecordKind = DemoEntityKind | 'settings' | 'logo';

const isEntity = (kind: string): kind is DemoEntityKind => kind in DEMO_ENTITIES;

/** Notes a record the demo has just made, with its `updated_at` as it is now. */
export async function recordDemoRecord(db: Db, kind: DemoRecordKind, recordId: number): Promise<void> {
  const updatedAt = isEntity(kind) ? await currentUpdatedAt(db, kind, recordId) : null;
  await db.insertInto('demoRecords').values({ kind, recordId, updatedAt }).execute();
}

/** The row's `updated_at`; undefined when it is gone or in the Trash, where the owner's deletion put it. */
async function currentUpdatedAt(db: Db, kind: DemoEntityKind, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom(DEMO_ENTITIES[kind].table)
    .select('updatedAt')
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.updatedAt;
}

interface DemoRecords {
  entities: { kind: DemoEntityKind; recordId: number; updatedAt: string | null }[];
  /** What the demo put in the settings, when it did. */
  settings?: SeededSettings;
}

async function readDemoRecords(db: Db): Promise<DemoRecords> {
  const rows = await db.selectFrom('demoRecords').select(['kind', 'recordId', 'updatedAt']).execute();
  const entities = rows.flatMap((row) => (isEntity(row.kind) ? [{ ...row, kind: row.kind }] : []));
  const logo = rows.find((row) => row.kind === 'logo');
  const seededSettings = rows.some((row) => row.kind === 'settings');
  return {
    entities,
    settings: seededSettings ? { values: demoSettings, logoMediaId: logo?.recordId ?? null } : undefined,
  };
}

const emptySummary = (): DemoContentSummary => ({
  remove: { ...NO_DEMO_RECORDS },
  keep: { ...NO_DEMO_RECORDS },
  resetSettings: false,
  defaultTexts: { ...NO_DEFAULT_TEXTS },
});

/**
 * What "Remove demo content" would delete and keep now, and SPEC's sample texts it can clear; null when it would do
 * nothing (the demo content is gone or the owner's, and so are the texts), so the dashboard does not offer it.
 */
export async function describeDemoContent(ctx: ServiceContext): Promise<DemoContentSummary | null> {
  const records = await readDemoRecords(ctx.db);
  const summary = emptySummary();
  for (const { kind, recordId, updatedAt } of records.entities) {
    const current = await currentUpdatedAt(ctx.db, kind, recordId);
    if (current === undefined) continue;
    summary[current === updatedAt ? 'remove' : 'keep'][DEMO_ENTITIES[kind].count] += 1;
  }
  summary.resetSettings =
    records.settings !== undefined && (await settingsStillSeeded(ctx.db, records.settings)).length > 0;
  summary.defaultTexts = await describeDefaultTexts(ctx.db);
  return countAll(summary.remove) > 0 || summary.resetSettings || hasDefaultTexts(summary.defaultTexts)
    ? summary
    : null;
}

/**
 * Deletes, in one content change, the demo's records still as it made them, with their images, and puts the
 * settings' defaults back where the demo's made-up studio details are still there; the files go after the commit.
 * With `clearDefaultTexts`, SPEC's sample texts still as they were go in the same change (default-site-texts.ts).
 * The administrator, the settings the owner set, the texts the owner wrote, the messages, the visits and everything
 * the owner made or edited stay; what the owner moved to the Trash stays there (decision 036). The records are
 * forgotten, so a second call does nothing.
 */
export async function removeDemoContent(
  ctx: ServiceContext,
  { clearDefaultTexts: clearTexts = false }: { clearDefaultTexts?: boolean } = {},
): Promise<DemoContentSummary> {
  const { summary, images } = await changeContent(ctx.db, async (trx) => {
    const records = await readDemoRecords(trx);
    const summary = emptySummary();
    const mediaIds: number[] = [];
    for (const { kind, recordId, updatedAt } of records.entities) {
      const entity = DEMO_ENTITIES[kind];
      if ((await currentUpdatedAt(trx, kind, recordId)) === undefined) continue;
      const owned = updatedAt === null ? null : await entity.deleteRow(trx, recordId, updatedAt);
      if (owned) {
        mediaIds.push(...owned);
        summary.remove[entity.count] += 1;
      } else {
        summary.keep[entity.count] += 1;
      }
    }
    if (records.settings) {
      const reset = await resetSeededSettings(trx, records.settings);
      summary.resetSettings = reset.length > 0;
      if (reset.includes('logo') && records.settings.logoMediaId !== null) mediaIds.push(records.settings.logoMediaId);
    }
    const images = await findMediaItems(trx, mediaIds);
    await deleteMediaRows(trx, mediaIds);
    await trx.deleteFrom('demoRecords').execute();
    if (clearTexts) summary.defaultTexts = await clearDefaultTexts(trx);
    return { summary, images };
  });
  await deleteImageFiles(ctx.storage, images);
  return summary;
}
