import { type DefaultTextName, type DefaultTexts } from '../../core/demo-content';
import type { Db } from '../db/database';
import { SEEDED_CARDS, SEEDED_TESTIMONIALS, SEEDED_TEXTS } from '../db/migrations/0007-site-texts';
import type { ContentTransaction } from '../services/cache/content-version';
import { nowIso } from '../services/context';

/**
 * SPEC's sample texts, as migration 0007 gave every site (issue 35): a text still word for word as it wrote it is
 * not the owner's, whatever its `updated_at` says (one row holds all the About texts). Cleared, a text is empty and
 * its section is not drawn; a testimonial is deleted.
 */

const TEXT_FIELDS = {
  homeAbout: ['homeAboutHeading', 'homeAboutText'],
  about: ['aboutHeading', 'aboutText'],
  vision: ['vision'],
  mission: ['mission'],
} as const satisfies Record<DefaultTextName, (keyof typeof SEEDED_TEXTS)[]>;

type TextField = (typeof TEXT_FIELDS)[DefaultTextName][number];

interface DefaultTextsFound {
  testimonialIds: number[];
  coreValueSlots: number[];
  fields: TextField[];
}

async function findDefaultTexts(db: Db): Promise<DefaultTextsFound> {
  const [testimonials, coreValues, texts] = await Promise.all([
    db.selectFrom('testimonials').select(['id', 'name', 'quote', 'title']).execute(),
    db.selectFrom('siteTextCards').select(['slot', 'title', 'text']).where('cardGroup', '=', 'core-values').execute(),
    db.selectFrom('siteTexts').select(Object.values(TEXT_FIELDS).flat()).where('id', '=', 1).executeTakeFirstOrThrow(),
  ]);
  const seededCoreValues: readonly { title: string; text: string }[] = SEEDED_CARDS['core-values'];
  return {
    testimonialIds: testimonials
      .filter((row) =>
        SEEDED_TESTIMONIALS.some(
          (seeded) => seeded.name === row.name && seeded.quote === row.quote && seeded.title === row.title,
        ),
      )
      .map((row) => row.id),
    coreValueSlots: coreValues
      .filter(
        (card) => seededCoreValues[card.slot]?.title === card.title && seededCoreValues[card.slot]?.text === card.text,
      )
      .map((card) => card.slot),
    fields: (Object.keys(SEEDED_TEXTS) as TextField[]).filter((field) => texts[field] === SEEDED_TEXTS[field]),
  };
}

function summaryOf({ testimonialIds, coreValueSlots, fields }: DefaultTextsFound): DefaultTexts {
  return {
    testimonials: testimonialIds.length,
    coreValues: coreValueSlots.length,
    texts: (Object.keys(TEXT_FIELDS) as DefaultTextName[]).filter((name) =>
      TEXT_FIELDS[name].some((field) => fields.includes(field)),
    ),
  };
}

/** Which of SPEC's sample texts the site still shows. */
export async function describeDefaultTexts(db: Db): Promise<DefaultTexts> {
  return summaryOf(await findDefaultTexts(db));
}

/** Clears, inside the caller's content change, the sample texts still as they were; answers what it cleared. */
export async function clearDefaultTexts(trx: ContentTransaction): Promise<DefaultTexts> {
  const found = await findDefaultTexts(trx);
  if (found.testimonialIds.length > 0) {
    await trx.deleteFrom('testimonials').where('id', 'in', found.testimonialIds).execute();
  }
  if (found.coreValueSlots.length > 0) {
    await trx
      .updateTable('siteTextCards')
      .set({ title: '', text: '' })
      .where('cardGroup', '=', 'core-values')
      .where('slot', 'in', found.coreValueSlots)
      .execute();
  }
  if (found.fields.length > 0) {
    const cleared = Object.fromEntries(found.fields.map((field) => [field, '']));
    await trx
      .updateTable('siteTexts')
      .set({ ...cleared, updatedAt: nowIso() })
      .where('id', '=', 1)
      .execute();
  }
  return summaryOf(found);
}
