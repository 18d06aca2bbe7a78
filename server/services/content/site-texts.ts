import { MESSAGES } from '../../../core/messages';
import { siteTextsSchema, siteTextsUpdateSchema, textCardsSchema } from '../../../core/schemas/site-texts.schema';
import { CARD_GROUP_NAMES, CARD_GROUPS, type CardGroup, coreServicesOf, isCardGroup } from '../../../core/site-texts';
import type { SiteContent, SiteTexts, TextCard } from '../../../core/types';
import type { Db } from '../../db/database';
import { changeContent } from '../cache/content-version';
import { nowIso, type ServiceContext } from '../context';
import { AppError, notFound, parseInput } from '../errors';
import { selectTestimonials } from './testimonials';

const TEXT_COLUMNS = [
  'homeAboutHeading',
  'homeAboutText',
  'aboutHeading',
  'aboutText',
  'founderMemberId',
  'vision',
  'mission',
  'yearsOfExperience',
  'workingHours',
] as const;

/** Migration 0007 writes the row; a database without it is broken, not empty. */
async function selectSiteTexts(db: Db): Promise<SiteTexts> {
  return db.selectFrom('siteTexts').select(TEXT_COLUMNS).where('id', '=', 1).executeTakeFirstOrThrow();
}

async function selectCards(db: Db): Promise<Record<CardGroup, TextCard[]>> {
  const rows = await db.selectFrom('siteTextCards').selectAll().orderBy('cardGroup').orderBy('slot').execute();
  const cards = (group: CardGroup) =>
    rows.filter((row) => row.cardGroup === group).map(({ title, text }) => ({ title, text }));
  return Object.fromEntries(CARD_GROUP_NAMES.map((group) => [group, cards(group)])) as Record<CardGroup, TextCard[]>;
}

export async function getSiteContent(ctx: ServiceContext): Promise<SiteContent> {
  const [texts, testimonials, cards] = await Promise.all([
    selectSiteTexts(ctx.db),
    selectTestimonials(ctx.db),
    selectCards(ctx.db),
  ]);
  return {
    texts,
    testimonials,
    coreServices: coreServicesOf(cards['core-services']),
    coreValues: cards['core-values'],
    whatWeDo: cards['what-we-do'],
  };
}

/** Saves the fields sent; the rest keep their values. */
export async function updateSiteTexts(ctx: ServiceContext, input: unknown): Promise<SiteTexts> {
  const fields = parseInput(siteTextsUpdateSchema, input);
  return changeContent(ctx.db, async (trx) => {
    const merged = parseInput(siteTextsSchema, { ...(await selectSiteTexts(trx)), ...fields });
    // Checked when sent: a founder moved to the Trash stays chosen (the page shows the first member meanwhile), so a
    // restore brings the card back as it was, and saving other texts meanwhile is not refused for it.
    if (fields.founderMemberId !== undefined && merged.founderMemberId !== null) {
      const member = await trx
        .selectFrom('teamMembers')
        .select('id')
        .where('id', '=', merged.founderMemberId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (!member) throw new AppError(400, MESSAGES.founderNotInTeam, { founderMemberId: MESSAGES.founderNotInTeam });
    }
    await trx
      .updateTable('siteTexts')
      .set({ ...merged, updatedAt: nowIso() })
      .where('id', '=', 1)
      .execute();
    return selectSiteTexts(trx);
  });
}

/** Replaces a whole card list; its size is fixed (the page's layout has a place for each card). */
export async function updateTextCards(ctx: ServiceContext, group: string, input: unknown): Promise<TextCard[]> {
  if (!isCardGroup(group)) throw notFound(MESSAGES.unknownCardGroup);
  const { items } = parseInput(textCardsSchema(CARD_GROUPS[group].count), input);
  return changeContent(ctx.db, async (trx) => {
    for (const [slot, card] of items.entries()) {
      await trx
        .updateTable('siteTextCards')
        .set(card)
        .where('cardGroup', '=', group)
        .where('slot', '=', slot)
        .execute();
    }
    return (await selectCards(trx))[group];
  });
}
