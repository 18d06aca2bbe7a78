/** The fixed texts of SPEC section 2 that stay in code; the owner edits the rest (migration 0007, site-texts). */

/** The project the hero shows when the featured projects cannot be loaded (SPEC section 3). */
export const FALLBACK_FEATURED_PROJECT = {
  id: 0,
  title: 'Traditional Bhutanese Residence',
  description: 'A family home in Thimphu combining traditional craftsmanship with modern comfort.',
  image: '/images/hero-fallback.jpg',
  year: 2024,
  location: 'Thimphu',
  category: 'Residential',
  status: 'Completed',
} as const;
