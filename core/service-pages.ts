/** The texts of the three static service pages reached from the about page. */
export interface ServicePageContent {
  path: string;
  title: string;
  lead: string;
  sections: { heading: string; text: string }[];
}

export const SERVICE_PAGE_CONTENT: readonly ServicePageContent[] = [
  {
    path: '/about/about-planning',
    title: 'Planning',
    lead: 'Good buildings start long before the first drawing: with the land, the budget, the rules and the people who will live there.',
    sections: [
      {
        heading: 'Site studies',
        text: 'We walk the site with you, survey slopes, sun and water, and check what the local plan allows.',
      },
      {
        heading: 'Feasibility and budget',
        text: 'A clear brief, an early cost plan and a programme, so every decision is made with the numbers in view.',
      },
      {
        heading: 'Permits',
        text: 'We prepare the drawings and reports the municipality and the dzongkhag need, and follow them through approval.',
      },
      {
        heading: 'Masterplans',
        text: 'For larger sites, we lay out plots, roads, terraces and open spaces that respect the valley and its rivers.',
      },
    ],
  },
  {
    path: '/about/about-interior',
    title: 'Interior',
    lead: 'Rooms that are warm in winter, bright in the morning and built by hands that know timber, textiles and paint.',
    sections: [
      {
        heading: 'Space planning',
        text: 'Layouts drawn around the way you live and work, from a family kitchen to a hotel lobby.',
      },
      {
        heading: 'Materials and craft',
        text: 'Local timber, hand-woven textiles and traditional painting, chosen with the craftspeople who make them.',
      },
      {
        heading: 'Lighting and comfort',
        text: 'Daylight first, then warm artificial light, good acoustics and efficient heating.',
      },
      {
        heading: 'Fit-out',
        text: 'Our joiners and finishers build what we draw, so the finished room matches the design.',
      },
    ],
  },
  {
    path: '/about/about-exterior',
    title: 'Exterior',
    lead: 'Facades, roofs and landscapes that belong to Bhutan: built for earthquakes, monsoon rain and mountain sun.',
    sections: [
      {
        heading: 'Architecture',
        text: 'Elevations that follow the traditional-architecture guidelines while meeting today’s needs.',
      },
      {
        heading: 'Structure',
        text: 'Seismic design for every building, from rammed-earth farmhouses to concrete-framed offices.',
      },
      {
        heading: 'Roofs and facades',
        text: 'Durable roofs, painted timber cornices and rabsel windows detailed to last for decades.',
      },
      {
        heading: 'Landscape',
        text: 'Terraces, retaining walls, paths and planting that hold the slope and frame the view.',
      },
    ],
  },
];
