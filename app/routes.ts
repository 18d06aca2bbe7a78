import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { BLOG_FEED_PATH, LISTING_PAGES, SERVICE_PAGES } from '../core/site-structure';

const withoutSlash = (path: string) => path.replace(/^\//, '');

export default [
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route(withoutSlash(BLOG_FEED_PATH), 'routes/seo/rss.ts'),
  route('dashboard/login', 'routes/dashboard/dashboard-login.tsx'),
  route('dashboard/visits.csv', 'routes/dashboard/dashboard-visits-csv.ts'),
  route('dashboard', 'routes/dashboard/dashboard-layout.tsx', [
    index('routes/dashboard/dashboard-home.tsx'),
    route('projects', 'routes/dashboard/dashboard-projects.tsx'),
    route('hero-banner', 'routes/dashboard/dashboard-hero-banner.tsx'),
    route('recent-projects', 'routes/dashboard/dashboard-recent-projects.tsx'),
    route('blogs', 'routes/dashboard/dashboard-blogs.tsx'),
    route('clients', 'routes/dashboard/dashboard-clients.tsx'),
    route('team', 'routes/dashboard/dashboard-team.tsx'),
    route('media', 'routes/dashboard/dashboard-media.tsx'),
    route('messages', 'routes/dashboard/dashboard-messages.tsx'),
    route('site-texts', 'routes/dashboard/dashboard-site-texts.tsx'),
    route('settings', 'routes/dashboard/dashboard-settings.tsx'),
    route('backups', 'routes/dashboard/dashboard-backups.tsx'),
    route('trash', 'routes/dashboard/dashboard-trash.tsx'),
    route('account', 'routes/dashboard/dashboard-account.tsx'),
  ]),
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx'),
    ...SERVICE_PAGES.map((page) =>
      route(withoutSlash(page.path), 'routes/public/service-page.tsx', { id: `service:${page.path}` }),
    ),
    ...LISTING_PAGES.map((page) =>
      route(withoutSlash(page.path), 'routes/public/listing-page.tsx', { id: `listing:${page.path}` }),
    ),
    route('project/:id', 'routes/public/project.tsx'),
    route('blog', 'routes/public/blog-list.tsx'),
    route('blog/:id', 'routes/public/blog-post.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
] satisfies RouteConfig;
