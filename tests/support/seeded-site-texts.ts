import { expect } from 'vitest';
import type { SiteContent } from '../../core/types';
import { SEEDED_CARDS, SEEDED_TESTIMONIALS, SEEDED_TEXTS } from '../../server/db/migrations/0007-site-texts';

/** Checks that the site texts are the ones migration 0007 wrote, as the site showed them before they were editable. */
export function expectSeeded(seeded: SiteContent): void {
  expect(seeded.testimonials.map(({ name, quote, title }) => ({ name, quote, title }))).toEqual(SEEDED_TESTIMONIALS);
  expect(seeded.coreServices).toEqual(
    SEEDED_CARDS['core-services'].map(({ title, text }, slot) => ({
      id: slot + 1,
      name: title,
      backDescription: text,
    })),
  );
  expect(seeded.coreValues).toEqual(SEEDED_CARDS['core-values']);
  expect(seeded.whatWeDo).toEqual(SEEDED_CARDS['what-we-do']);
  expect(seeded.texts).toMatchObject({ ...SEEDED_TEXTS, founderMemberId: null, yearsOfExperience: null });
}
