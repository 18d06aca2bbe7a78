import { BUILD_PAGE_CATEGORIES, DESIGN_PAGE_CATEGORIES } from './constants';

/** The public navigation of SPEC section 2. */
export interface NavLink {
  label: string;
  to: string;
}

export interface NavMenu {
  label: string;
  to: string;
  links: NavLink[];
  /** A nested menu (Build's Construction submenu). */
  submenu?: NavMenu;
}

export const CONSTRUCTION_MENU: NavMenu = {
  label: 'Construction',
  to: '/construction/private-homes',
  links: [
    { label: 'Private Homes', to: '/construction/private-homes' },
    { label: 'Commercial Buildings', to: '/construction/commercial-buildings' },
    { label: 'Office', to: '/construction/office' },
    { label: 'Institute', to: '/construction/institute' },
    { label: 'Hospitality', to: '/construction/hospitality' },
    { label: 'Interior', to: '/construction/interior' },
    { label: 'Renovation', to: '/construction/renovation' },
  ],
};

export const DESIGN_MENU: NavMenu = {
  label: 'Design',
  to: '/design',
  links: [
    { label: 'Architecture', to: '/architecture' },
    { label: 'Planning', to: '/planning' },
    { label: 'Interior', to: '/interior' },
    { label: 'Landscape', to: '/landscape' },
  ],
};

export const BUILD_MENU: NavMenu = {
  label: 'Build',
  to: '/build',
  links: [],
  submenu: CONSTRUCTION_MENU,
};

/** Header order: home, about, Design, Build, supervision, management, real-estate, blog, contact. */
export const HEADER_ITEMS: (NavLink | NavMenu)[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  DESIGN_MENU,
  BUILD_MENU,
  { label: 'Supervision', to: '/supervision' },
  { label: 'Management', to: '/management' },
  { label: 'Real Estate', to: '/real-estate' },
  { label: 'Blog', to: '/blog' },
  { label: 'Contact', to: '/contact' },
];

export function isMenu(item: NavLink | NavMenu): item is NavMenu {
  return 'links' in item;
}

export type ListingFilter = 'year' | 'location' | 'category' | 'status';

/** The filters a listing page's query string chose, by name. */
export type ListingFilters = Partial<Record<ListingFilter, string>>;

/** A category listing page: which categories it gathers and which filters its bottom bar offers. */
export interface ListingPage {
  path: string;
  title: string;
  intro: string;
  categories: readonly string[];
  filters: readonly ListingFilter[];
  /** Design, Build and Institute show two projects a page even on a phone. */
  alwaysTwoPerPage: boolean;
  clearFiltersLink: boolean;
  socialIcons: boolean;
}

const SINGLE_FILTERS: readonly ListingFilter[] = ['year', 'location', 'category', 'status'];

function single(path: string, title: string, categories: string[], intro: string): ListingPage {
  return {
    path,
    title,
    intro,
    categories,
    filters: SINGLE_FILTERS,
    alwaysTwoPerPage: title === 'Institute',
    clearFiltersLink: false,
    socialIcons: false,
  };
}

const PRIVATE_HOMES = ['Residential', 'Private Homes'];

export const LISTING_PAGES: readonly ListingPage[] = [
  {
    path: '/design',
    title: 'Design',
    intro: 'Architecture, interiors, landscape and planning: the buildings we have drawn.',
    categories: DESIGN_PAGE_CATEGORIES,
    filters: ['year', 'location', 'category'],
    alwaysTwoPerPage: true,
    clearFiltersLink: true,
    socialIcons: true,
  },
  {
    path: '/build',
    title: 'Build',
    intro: 'Homes, offices, schools and hotels we have built, fitted out and supervised.',
    categories: BUILD_PAGE_CATEGORIES,
    filters: ['year', 'location', 'category'],
    alwaysTwoPerPage: true,
    clearFiltersLink: false,
    socialIcons: true,
  },
  single(
    '/architecture',
    'Architecture',
    ['Architecture'],
    'Buildings designed from the first sketch to the last detail.',
  ),
  single('/planning', 'Planning', ['Planning'], 'Masterplans and neighbourhoods shaped around land, water and people.'),
  single('/interior', 'Interior', ['Interior Design'], 'Interiors that bring Bhutanese craft into everyday rooms.'),
  single('/landscape', 'Landscape', ['Landscape'], 'Gardens, terraces and paths that belong to their valleys.'),
  single(
    '/supervision',
    'Supervision',
    ['Supervision'],
    'Independent site supervision that keeps quality and safety on track.',
  ),
  single(
    '/management',
    'Management',
    ['Management'],
    'Project management from tender to hand-over, on time and on budget.',
  ),
  single(
    '/real-estate',
    'Real Estate',
    ['Real Estate'],
    'Homes and apartments we have planned, designed and brought to market.',
  ),
  single('/private-homes', 'Private Homes', PRIVATE_HOMES, 'Family houses designed around the way you live.'),
  single(
    '/commercial-buildings',
    'Commercial Buildings',
    ['Commercial Buildings'],
    'Shops and mixed-use buildings that respect the street.',
  ),
  single('/office', 'Office', ['Office'], 'Workplaces that are calm, bright and easy to work in.'),
  single('/institute', 'Institute', ['Institute'], 'Schools, colleges and training centres built to last.'),
  single('/hospitality', 'Hospitality', ['Hospitality'], 'Hotels, lodges and resorts with a sense of place.'),
  single(
    '/interior-design',
    'Interior Design',
    ['Interior Design'],
    'Interior design, from a single room to a whole hotel.',
  ),
  single('/renovation', 'Renovation', ['Renovation'], 'Old buildings repaired, strengthened and given new life.'),
  single(
    '/construction/private-homes',
    'Private Homes',
    PRIVATE_HOMES,
    'Family houses we have built, from foundations to furnishing.',
  ),
  single(
    '/construction/commercial-buildings',
    'Commercial Buildings',
    ['Commercial Buildings'],
    'Commercial buildings delivered by our construction teams.',
  ),
  single('/construction/office', 'Office', ['Office'], 'Offices built and fitted out by our crews.'),
  single('/construction/institute', 'Institute', ['Institute'], 'Institutional buildings we have constructed.'),
  single('/construction/hospitality', 'Hospitality', ['Hospitality'], 'Hotels and lodges built by our teams.'),
  single(
    '/construction/interior',
    'Interior Build',
    ['Interior Build'],
    'Interior fit-outs built by our own joiners and finishers.',
  ),
  single(
    '/construction/renovation',
    'Renovation',
    ['Renovation'],
    'Renovation works carried out by our construction teams.',
  ),
];

export function findListingPage(path: string): ListingPage | undefined {
  return LISTING_PAGES.find((page) => page.path === path);
}

/** The three static service pages reached from the about page's READ buttons. */
export const SERVICE_PAGES = [
  { path: '/about/about-planning', title: 'Planning' },
  { path: '/about/about-interior', title: 'Interior' },
  { path: '/about/about-exterior', title: 'Exterior' },
] as const;

/** The blog's RSS feed: a route of its own beside the posts' `/blog/:id`. */
export const BLOG_FEED_PATH = '/blog/rss.xml';

/** Every public route of SPEC section 2 that has no parameter, for the sitemap. */
export const STATIC_PUBLIC_PATHS: readonly string[] = [
  '/',
  '/about',
  ...LISTING_PAGES.map((page) => page.path),
  '/blog',
  ...SERVICE_PAGES.map((page) => page.path),
  '/contact',
];

/** What the owner calls a page of STATIC_PUBLIC_PATHS, where its path alone would be a developer's word. */
export function staticPageName(path: string): string {
  const listing = findListingPage(path);
  if (listing) return path.startsWith('/construction/') ? `Construction: ${listing.title}` : listing.title;
  const service = SERVICE_PAGES.find((page) => page.path === path);
  if (service) return `About: ${service.title}`;
  return HEADER_ITEMS.find((item) => item.to === path)?.label ?? path;
}

/** The dashboard's inbox: the sidebar links it, and each e-mail about a new message points at it. */
export const DASHBOARD_MESSAGES_PATH = '/dashboard/messages';
