/**
 * The demo content (issue 24): what the first start fills an empty site with, and what "Remove demo content" (the
 * dashboard's Settings page, `DELETE /api/demo-content`) takes away again.
 */

export interface DemoContentCounts {
  projects: number;
  blogs: number;
  clients: number;
  teamMembers: number;
}

/** What removing the demo content deletes, or deleted; the same shape before (the page's offer) and after. */
export interface DemoContentSummary {
  /** Records still as the demo made them: removed, with their images. */
  remove: DemoContentCounts;
  /** Demo records the owner has edited since: kept, as the owner's own. */
  keep: DemoContentCounts;
  /** Whether the settings still hold some of the demo's made-up studio details (name, contacts, links, logo). */
  resetSettings: boolean;
  /** SPEC's sample texts still as every site starts with them (migration 0007): cleared only when asked. */
  defaultTexts: DefaultTexts;
}

/** The About texts of the home and About pages, and the About page's vision and mission. */
export type DefaultTextName = 'homeAbout' | 'about' | 'vision' | 'mission';

/**
 * What of SPEC's sample texts is still on the site (the offer), or was cleared (the answer): invented testimonials
 * and claims about a studio that is not the owner's. The core services, SPEC's six names, and the "This is what we
 * do" cards, which describe the pages they link to, are not among them.
 */
export interface DefaultTexts {
  testimonials: number;
  coreValues: number;
  texts: DefaultTextName[];
}

export const NO_DEFAULT_TEXTS: DefaultTexts = { testimonials: 0, coreValues: 0, texts: [] };

const TEXT_NAMES: Record<DefaultTextName, string> = {
  homeAbout: 'the home page’s About Us text',
  about: 'the About page’s About Us text',
  vision: 'the vision',
  mission: 'the mission',
};

export function hasDefaultTexts({ testimonials, coreValues, texts }: DefaultTexts): boolean {
  return testimonials + coreValues + texts.length > 0;
}

/** "4 sample testimonials, 3 core values, the vision and the mission", leaving out what is not there. */
export function defaultTextsInWords({ testimonials, coreValues, texts }: DefaultTexts): string {
  const parts = [
    testimonials > 0 ? `${testimonials} sample testimonial${testimonials === 1 ? '' : 's'}` : '',
    coreValues > 0 ? `${coreValues} core value${coreValues === 1 ? '' : 's'}` : '',
    ...texts.map((name) => TEXT_NAMES[name]),
  ].filter(Boolean);
  return inWords(parts);
}

export const NO_DEMO_RECORDS: DemoContentCounts = { projects: 0, blogs: 0, clients: 0, teamMembers: 0 };

const NOUNS: Record<keyof DemoContentCounts, [one: string, many: string]> = {
  projects: ['project', 'projects'],
  blogs: ['blog post', 'blog posts'],
  clients: ['client', 'clients'],
  teamMembers: ['team member', 'team members'],
};

/** "14 projects, 4 blog posts, 6 clients and 4 team members", leaving out the kinds there are none of. */
export function countsInWords(counts: DemoContentCounts): string {
  const parts = (Object.keys(NOUNS) as (keyof DemoContentCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${NOUNS[kind][counts[kind] === 1 ? 0 : 1]}`);
  return inWords(parts);
}

function inWords(parts: string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

export function countAll(counts: DemoContentCounts): number {
  return counts.projects + counts.blogs + counts.clients + counts.teamMembers;
}
