/** The fixed texts of SPEC section 2: testimonials and the six core services. */

export interface Testimonial {
  id: number;
  name: string;
  quote: string;
  title: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 1,
    name: 'Tshering Yangzom',
    quote:
      'They listened to how our family lives and drew a house that is warm all winter. The builders finished a month early.',
    title: 'Homeowner, Paro',
  },
  {
    id: 2,
    name: 'Ugyen Dorji',
    quote:
      'From the first sketch to the hand-over, one team answered every question. Our guests remark on the craftsmanship every day.',
    title: 'Hotel owner, Punakha',
  },
  {
    id: 3,
    name: 'Kinley Wangmo',
    quote:
      'The supervision reports were clear and honest. We always knew where the project stood and what it would cost.',
    title: 'Facilities manager, Thimphu',
  },
  {
    id: 4,
    name: 'Jigme Namgyel',
    quote: 'They renovated a hundred-year-old house without losing its soul. The old walls stand stronger than ever.',
    title: 'Heritage trust member, Bumthang',
  },
];

export interface CoreService {
  id: number;
  name: string;
  backDescription: string;
}

export const CORE_SERVICES: readonly CoreService[] = [
  {
    id: 1,
    name: 'Architectural Design',
    backDescription: 'Buildings designed around their site, their climate and the people who will use them.',
  },
  {
    id: 2,
    name: 'Construction',
    backDescription: 'Our own crews build what we design, with one team responsible from foundation to roof.',
  },
  {
    id: 3,
    name: 'Interior Design',
    backDescription: 'Rooms that bring Bhutanese craft, timber and textiles into everyday life.',
  },
  {
    id: 4,
    name: 'Renovation & Remodelling',
    backDescription: 'Old houses repaired, strengthened against earthquakes and made comfortable again.',
  },
  {
    id: 5,
    name: 'Project Planning',
    backDescription: 'Feasibility, budgets, permits and programmes worked out before the first stone is laid.',
  },
  {
    id: 6,
    name: 'Sustainability Consulting',
    backDescription: 'Passive solar design, local materials and low-energy systems that cut running costs.',
  },
];

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
