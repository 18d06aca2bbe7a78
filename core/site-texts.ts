import type { CoreService, SiteContent, TextCard } from './types';

/** The fixed-size card lists: their API names, sizes and where they live in SiteContent. */
export const CARD_GROUPS = {
  'core-services': { key: 'coreServices', count: 6, heading: 'Core services' },
  'core-values': { key: 'coreValues', count: 3, heading: 'Core values' },
  'what-we-do': { key: 'whatWeDo', count: 3, heading: 'This is what we do' },
} as const satisfies Record<string, { key: keyof SiteContent; count: number; heading: string }>;

export type CardGroup = keyof typeof CARD_GROUPS;

export const CARD_GROUP_NAMES = Object.keys(CARD_GROUPS) as [CardGroup, ...CardGroup[]];

export function isCardGroup(value: string): value is CardGroup {
  return Object.hasOwn(CARD_GROUPS, value);
}

/** The core services' cards under SPEC's names (issue 40). */
export function coreServicesOf(cards: TextCard[]): CoreService[] {
  return cards.map(({ title, text }, slot) => ({ id: slot + 1, name: title, backDescription: text }));
}

/** A group's cards as the owner edits them (`PUT /api/site-texts/cards/:group` takes the same). */
export function cardsOf(content: SiteContent, group: CardGroup): TextCard[] {
  if (group === 'core-services') {
    return content.coreServices.map(({ name, backDescription }) => ({ title: name, text: backDescription }));
  }
  return content[CARD_GROUPS[group].key];
}

/** The studio's name in place of `{brand}` in an About text. */
export function withBrand(text: string, brandName: string): string {
  return text.replaceAll('{brand}', brandName);
}
