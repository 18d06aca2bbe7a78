import type { Kysely } from 'kysely';
import { withIdColumn } from './columns';

/**
 * The texts that were written in code become the owner's to edit (issue 14): testimonials, the About texts and
 * founder card, core values, the six core services, vision and mission, the statistics' own figures, the three
 * "This is what we do" cards, and per-page SEO fields. Every database, new or upgraded, starts with the texts
 * the site showed before, so nothing a visitor sees changes until the owner edits it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('testimonials'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('quote', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('site_text_cards')
    .addColumn('card_group', 'text', (col) => col.notNull())
    .addColumn('slot', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('site_text_cards_pk', ['card_group', 'slot'])
    .execute();

  await db.schema
    .createTable('site_texts')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('home_about_heading', 'text', (col) => col.notNull())
    .addColumn('home_about_text', 'text', (col) => col.notNull())
    .addColumn('about_heading', 'text', (col) => col.notNull())
    .addColumn('about_text', 'text', (col) => col.notNull())
    .addColumn('founder_member_id', 'integer', (col) => col.references('team_members.id').onDelete('set null'))
    .addColumn('vision', 'text', (col) => col.notNull())
    .addColumn('mission', 'text', (col) => col.notNull())
    .addColumn('years_of_experience', 'integer')
    .addColumn('working_hours', 'integer')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('page_seo')
    .addColumn('path', 'text', (col) => col.primaryKey())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  for (const table of ['projects', 'blogs']) {
    await db.schema.alterTable(table).addColumn('seo_description', 'text').execute();
    await db.schema.alterTable(table).addColumn('seo_image', 'text').execute();
  }

  await seed(db);
}

/**
 * The texts the site showed before this migration, copied here rather than imported: a migration must keep
 * doing what it did when it was written, whatever later code says.
 */
export const SEEDED_TESTIMONIALS = [
  {
    name: 'Tshering Yangzom',
    quote:
      'They listened to how our family lives and drew a house that is warm all winter. The builders finished a month early.',
    title: 'Homeowner, Paro',
  },
  {
    name: 'Ugyen Dorji',
    quote:
      'From the first sketch to the hand-over, one team answered every question. Our guests remark on the craftsmanship every day.',
    title: 'Hotel owner, Punakha',
  },
  {
    name: 'Kinley Wangmo',
    quote:
      'The supervision reports were clear and honest. We always knew where the project stood and what it would cost.',
    title: 'Facilities manager, Thimphu',
  },
  {
    name: 'Jigme Namgyel',
    quote: 'They renovated a hundred-year-old house without losing its soul. The old walls stand stronger than ever.',
    title: 'Heritage trust member, Bumthang',
  },
] as const;

export const SEEDED_CARDS = {
  'core-services': [
    {
      title: 'Architectural Design',
      text: 'Buildings designed around their site, their climate and the people who will use them.',
    },
    {
      title: 'Construction',
      text: 'Our own crews build what we design, with one team responsible from foundation to roof.',
    },
    { title: 'Interior Design', text: 'Rooms that bring Bhutanese craft, timber and textiles into everyday life.' },
    {
      title: 'Renovation & Remodelling',
      text: 'Old houses repaired, strengthened against earthquakes and made comfortable again.',
    },
    {
      title: 'Project Planning',
      text: 'Feasibility, budgets, permits and programmes worked out before the first stone is laid.',
    },
    {
      title: 'Sustainability Consulting',
      text: 'Passive solar design, local materials and low-energy systems that cut running costs.',
    },
  ],
  'core-values': [
    {
      title: 'Rooted in place',
      text: 'Every building answers to its valley, its climate and the traditions of Bhutanese architecture.',
    },
    {
      title: 'Built to last',
      text: 'Seismic safety, durable materials and careful detailing, checked on site by our own engineers.',
    },
    {
      title: 'One team',
      text: 'Designers and builders work side by side, so promises made on paper are kept on site.',
    },
  ],
  'what-we-do': [
    { title: 'Planning', text: 'Site studies, budgets, permits and masterplans.' },
    { title: 'Interior', text: 'Rooms shaped with Bhutanese craft and materials.' },
    { title: 'Exterior', text: 'Architecture, structure, roofs and landscape.' },
  ],
} as const;

/** `{brand}` stands for the studio's name, so a rename in the settings still reaches these texts. */
export const SEEDED_TEXTS = {
  homeAboutHeading: 'Designed in Thimphu, built across Bhutan',
  homeAboutText:
    '{brand} is a design-and-build studio in Babesa, Thimphu. Architects, interior designers and engineers work with our own construction crews, so the building you see on paper is the building you get.',
  aboutHeading: 'A studio that designs and builds',
  aboutText:
    '{brand} was founded in 2021 to close the gap between drawing and building. We take a project from the first site visit to the last coat of paint, with one team answerable for both.',
  vision:
    'Buildings that make Bhutan’s towns and valleys more beautiful, more resilient and more comfortable to live in.',
  mission: 'To design and build with care, honesty and craft, keeping our promises on time and on budget.',
} as const;

async function seed(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const tables = db as unknown as Kysely<{
    testimonials: {
      name: string;
      quote: string;
      title: string;
      sortOrder: number;
      createdAt: string;
      updatedAt: string;
    };
    siteTextCards: { cardGroup: string; slot: number; title: string; text: string };
    siteTexts: Record<string, string | number | null>;
  }>;
  await tables
    .insertInto('testimonials')
    .values(SEEDED_TESTIMONIALS.map((item, index) => ({ ...item, sortOrder: index, createdAt: now, updatedAt: now })))
    .execute();
  await tables
    .insertInto('siteTextCards')
    .values(
      Object.entries(SEEDED_CARDS).flatMap(([cardGroup, cards]) =>
        cards.map((card, slot) => ({ cardGroup, slot, ...card })),
      ),
    )
    .execute();
  // Empty figures and no chosen founder keep what the site did before: counted statistics, the first team member.
  await tables
    .insertInto('siteTexts')
    .values({
      id: 1,
      ...SEEDED_TEXTS,
      founderMemberId: null,
      yearsOfExperience: null,
      workingHours: null,
      updatedAt: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['projects', 'blogs']) {
    await db.schema.alterTable(table).dropColumn('seo_image').execute();
    await db.schema.alterTable(table).dropColumn('seo_description').execute();
  }
  for (const table of ['page_seo', 'site_texts', 'site_text_cards', 'testimonials']) {
    await db.schema.dropTable(table).execute();
  }
}
