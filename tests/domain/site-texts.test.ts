import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { SEEDED_CARDS } from '../../server/db/migrations/0007-site-texts';
import { listPageSeo, updatePageSeo } from '../../server/services/content/page-seo';
import { moveItem, TESTIMONIALS_ORDER } from '../../server/services/content/manual-order';
import { getSiteContent, updateSiteTexts, updateTextCards } from '../../server/services/content/site-texts';
import { getSiteStats } from '../../server/services/content/stats';
import { deleteTestimonial, listTestimonials, updateTestimonial } from '../../server/services/content/testimonials';
import { contextPerTest } from '../support/domain-context';
import { addTestimonial } from '../support/domain-factories';
import { TESTIMONIAL_DEFAULTS } from '../support/factories';
import { expectSeeded } from '../support/seeded-site-texts';

const site = contextPerTest();

const testimonialIds = async () => (await listTestimonials(site.ctx)).map((item) => item.id);

describe('a new database', () => {
  it('starts with the texts the site showed before they were editable', async () => {
    expectSeeded(await getSiteContent(site.ctx));
  });
});

describe('testimonials', () => {
  it('are added last, edited, reordered and deleted', async () => {
    const added = await addTestimonial(site.ctx);
    const ids = await testimonialIds();
    expect(ids.at(-1)).toBe(added.id);

    const edited = await updateTestimonial(site.ctx, added.id, { quote: 'An edited quote from Haa.' });
    expect(edited).toMatchObject({ name: TESTIMONIAL_DEFAULTS.name, quote: 'An edited quote from Haa.' });

    const reordered = [added.id, ...ids.slice(0, -1)];
    await moveItem(site.ctx, TESTIMONIALS_ORDER, added.id, { before: ids[0] });
    expect(await testimonialIds()).toEqual(reordered);
    expect((await getSiteContent(site.ctx)).testimonials[0]!.quote).toBe('An edited quote from Haa.');

    await deleteTestimonial(site.ctx, added.id);
    expect(await testimonialIds()).toEqual(ids.slice(0, -1));
    await expect(deleteTestimonial(site.ctx, added.id)).rejects.toMatchObject({ status: 404 });
  });

  it('need a name, a quote and a title within their limits, a move next to another, an edit of one that exists', async () => {
    const ids = await testimonialIds();
    for (const bad of [{}, { after: ids[0] }, { before: 'x' }]) {
      await expect(moveItem(site.ctx, TESTIMONIALS_ORDER, ids[0]!, bad)).rejects.toMatchObject({ status: 400 });
    }
    await expect(moveItem(site.ctx, TESTIMONIALS_ORDER, ids[0]!, { after: 999_999 })).rejects.toMatchObject({
      status: 409,
    });
    await expect(updateTestimonial(site.ctx, 999_999, { name: 'N' })).rejects.toMatchObject({ status: 404 });
    await expect(addTestimonial(site.ctx, { name: ' ', title: undefined })).rejects.toMatchObject({
      status: 400,
      fields: { name: 'Name is required', title: 'Title is required' },
    });
    await expect(addTestimonial(site.ctx, { quote: 'q'.repeat(601) })).rejects.toMatchObject({
      status: 400,
      fields: { quote: 'Must be at most 600 characters' },
    });
    expect(await testimonialIds()).toEqual(ids);
  });
});

describe('the About texts and cards', () => {
  it('are saved, and a stated number of years or working hours replaces the counted one', async () => {
    const services = SEEDED_CARDS['core-services'].map((card, slot) =>
      slot === 1 ? { title: 'Design & Build', text: 'One contract from drawing to keys.' } : card,
    );
    expect(await updateTextCards(site.ctx, 'core-services', { items: services })).toEqual(services);
    expect((await getSiteContent(site.ctx)).coreServices[1]).toEqual({
      id: 2,
      name: 'Design & Build',
      backDescription: 'One contract from drawing to keys.',
    });
    const texts = await updateSiteTexts(site.ctx, { vision: 'A new vision for {brand}.', yearsOfExperience: '12' });
    expect(texts).toMatchObject({ vision: 'A new vision for {brand}.', yearsOfExperience: 12 });
    expect((await getSiteStats(site.ctx)).years).toBe(12);

    const cleared = await updateSiteTexts(site.ctx, { yearsOfExperience: '', workingHours: 4200 });
    expect(cleared).toMatchObject({ yearsOfExperience: null, workingHours: 4200 });
    expect(await getSiteStats(site.ctx)).toMatchObject({
      years: new Date().getFullYear() - 2022 + 1,
      workingHours: 4200,
    });
  });

  it('refuse a stranger as founder, a wrong number of cards, an unknown list, long texts and blank cards, naming each field and changing nothing', async () => {
    await expect(updateSiteTexts(site.ctx, { founderMemberId: 424242 })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.founderNotInTeam,
    });
    await expect(
      updateTextCards(site.ctx, 'core-values', { items: [{ title: 'One', text: 'Only one' }] }),
    ).rejects.toMatchObject({ status: 400, message: 'Exactly 3 cards are needed' });
    await expect(updateTextCards(site.ctx, 'nonsense', { items: [] })).rejects.toMatchObject({ status: 404 });
    await expect(
      updateSiteTexts(site.ctx, {
        mission: 'm'.repeat(601),
        homeAboutHeading: 'h'.repeat(121),
        workingHours: -1,
        yearsOfExperience: 1.5,
      }),
    ).rejects.toMatchObject({
      status: 400,
      fields: {
        mission: 'Must be at most 600 characters',
        homeAboutHeading: 'Must be at most 120 characters',
        workingHours: 'Working hours cannot be negative',
        yearsOfExperience: 'Years of experience must be a whole number',
      },
    });
    await expect(
      updateTextCards(site.ctx, 'what-we-do', {
        items: [{ title: '', text: 'x' }, ...SEEDED_CARDS['what-we-do'].slice(1)],
      }),
    ).rejects.toMatchObject({ status: 400, fields: { 'items.0.title': 'Title is required' } });
    expectSeeded(await getSiteContent(site.ctx));
  });
});

describe('the SEO fields of a static page', () => {
  it('refuse pages with a parameter, unknown pages, long descriptions and images that are not images', async () => {
    for (const input of [
      { path: '/project/1', seoDescription: 'x' },
      { path: '/nowhere' },
      { path: '/about', seoDescription: 'd'.repeat(301) },
      { path: '/about', seoImage: 'javascript:alert(1)' },
      { path: '/about', seoImage: '../../etc/passwd' },
    ]) {
      await expect(updatePageSeo(site.ctx, input), JSON.stringify(input)).rejects.toMatchObject({ status: 400 });
    }
    expect(await listPageSeo(site.ctx)).toEqual([]);
  });
});
