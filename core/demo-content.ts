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
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

export function countAll(counts: DemoContentCounts): number {
  return counts.projects + counts.blogs + counts.clients + counts.teamMembers;
}
