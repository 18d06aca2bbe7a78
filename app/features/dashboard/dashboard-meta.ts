import type { MetaDescriptor } from 'react-router';

/** A dashboard page's title ("Projects | Dashboard"), kept out of search engines like every dashboard page. */
export function dashboardMeta(section?: string): MetaDescriptor[] {
  return [
    { title: section ? `${section} | Dashboard` : 'Dashboard' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
