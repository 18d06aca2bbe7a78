import type { SiteSettingsInput } from '../../core/schemas/settings.schema';
import type { Blog, Client, Project, TeamMember } from '../../core/types';
import type { DrawingKind } from './demo-drawings';

/**
 * The demo studio: fictional clients and people, real Bhutanese places.
 * Categories cover every listing page of SPEC section 2.
 */

export interface DemoImage {
  kind: DrawingKind;
  seed: number;
  alt: string;
}

export type DemoProject = Pick<
  Project,
  | 'title'
  | 'description'
  | 'year'
  | 'location'
  | 'category'
  | 'status'
  | 'client'
  | 'designTeam'
  | 'featured'
  | 'showInRecent'
> & {
  images: DemoImage[];
  /** Which image is the cover, when not the first (so the demo shows a cover chosen after upload). */
  coverIndex?: number;
};

export type DemoBlog = Pick<
  Blog,
  'title' | 'content' | 'excerpt' | 'author' | 'category' | 'tags' | 'status' | 'readTime'
> & {
  image: DemoImage;
  images: DemoImage[];
};

export type DemoClient = Pick<Client, 'name' | 'description' | 'website' | 'category' | 'status'> & {
  logoSeed: number;
};

export type DemoTeamMember = Pick<TeamMember, 'name' | 'title' | 'position'> & { portraitSeed: number };

export const demoProjects: DemoProject[] = [
  {
    title: 'Paro Valley Farmhouse',
    description:
      'A three-storey rammed-earth farmhouse restored for a family returning to the valley. The ground floor keeps its stone granary; the upper floors gain insulated timber floors, a south-facing rabsel and a new altar room.',
    year: 2021,
    location: 'Paro',
    category: 'Residential',
    status: 'Completed',
    client: 'The Dorji family',
    designTeam: 'Karma Wangchuk (lead architect), Pema Choden (interiors), Sonam Tobgay (structure)',
    featured: true,
    showInRecent: false,
    images: [
      { kind: 'facade', seed: 101, alt: 'South elevation of the Paro farmhouse with its timber rabsel' },
      { kind: 'plan', seed: 102, alt: 'Ground floor plan of the Paro farmhouse' },
      { kind: 'interior', seed: 103, alt: 'Living room under the restored timber ceiling' },
    ],
  },
  {
    title: 'Motithang Courtyard Residence',
    description:
      'A private home arranged around a sheltered courtyard that catches the winter sun. Stone plinth walls, a lightweight timber upper storey and a slate roof keep the house warm with little fuel.',
    year: 2022,
    location: 'Thimphu',
    category: 'Private Homes',
    status: 'Completed',
    client: 'Mr and Mrs Tshering',
    designTeam: 'Karma Wangchuk (lead architect), Dechen Wangmo (site supervision)',
    featured: false,
    showInRecent: true,
    images: [
      { kind: 'facade', seed: 111, alt: 'Street elevation of the Motithang residence' },
      { kind: 'site', seed: 112, alt: 'Site plan showing the courtyard and terraced garden' },
      { kind: 'interior', seed: 113, alt: 'Sunlit family room facing the courtyard' },
    ],
  },
  {
    title: 'Norzin Lam Commercial Block',
    description:
      'A five-storey shop and office building on Thimphu’s main street, designed to the city’s traditional-architecture guidelines with a seismic steel frame behind painted timber facades.',
    year: 2023,
    location: 'Thimphu',
    category: 'Commercial Buildings',
    status: 'Completed',
    client: 'Norzin Properties',
    designTeam: 'Sonam Tobgay (structure), Karma Wangchuk (facade design)',
    featured: true,
    showInRecent: true,
    images: [
      { kind: 'facade', seed: 121, alt: 'Norzin Lam facade with painted cornices' },
      { kind: 'plan', seed: 122, alt: 'Typical office floor plan' },
    ],
  },
  {
    title: 'Changzamtog Office Fit-out',
    description:
      'Two open office floors for a technology firm, with acoustic timber ceilings, meeting rooms in reclaimed pine and a quiet prayer corner near the entrance.',
    year: 2024,
    location: 'Thimphu',
    category: 'Office',
    status: 'Completed',
    client: 'Yangkhor Digital',
    designTeam: 'Pema Choden (interiors), Dechen Wangmo (project management)',
    featured: false,
    showInRecent: true,
    images: [
      { kind: 'interior', seed: 131, alt: 'Open office with acoustic timber ceiling' },
      { kind: 'plan', seed: 132, alt: 'Office floor layout with meeting rooms' },
      { kind: 'interior', seed: 133, alt: 'Meeting room panelled in reclaimed pine' },
    ],
  },
  {
    title: 'Punakha Valley Resort',
    description:
      'Twenty guest cottages stepping down a terraced hillside above the Mo Chhu. Each cottage faces the dzong across the river; a central lodge holds the dining hall and a hot-stone bath house.',
    year: 2025,
    location: 'Punakha',
    category: 'Hospitality',
    status: 'In Progress',
    client: 'Tashi Hospitality Group',
    designTeam: 'Karma Wangchuk (masterplan), Pema Choden (interiors), Sonam Tobgay (structure)',
    featured: true,
    showInRecent: true,
    images: [
      { kind: 'site', seed: 141, alt: 'Masterplan of cottages on the Punakha terraces' },
      { kind: 'facade', seed: 142, alt: 'Central lodge elevation above the river' },
      { kind: 'interior', seed: 143, alt: 'Guest cottage bedroom with valley view' },
      { kind: 'plan', seed: 144, alt: 'Plan of a two-room guest cottage' },
    ],
    coverIndex: 1,
  },
  {
    title: 'Gelephu Vocational Institute',
    description:
      'Workshops, classrooms and a hostel for two hundred trainees in the southern foothills. Deep verandas and cross-ventilation keep the buildings cool without air conditioning.',
    year: 2024,
    location: 'Gelephu',
    category: 'Institute',
    status: 'In Progress',
    client: 'Southern Skills Foundation',
    designTeam: 'Dechen Wangmo (project lead), Sonam Tobgay (structure)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'site', seed: 151, alt: 'Campus plan of the Gelephu institute' },
      { kind: 'facade', seed: 152, alt: 'Workshop block with deep verandas' },
    ],
  },
  {
    title: 'Bumthang Heritage Lodge Renovation',
    description:
      'A century-old manor house in Chamkhar turned into a small lodge. Walls were consolidated with lime, the shingle roof renewed, and modern bathrooms slipped into the old storerooms.',
    year: 2022,
    location: 'Bumthang',
    category: 'Renovation',
    status: 'Completed',
    client: 'Chamkhar Heritage Trust',
    designTeam: 'Karma Wangchuk (conservation architect), Pema Choden (interiors)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'facade', seed: 161, alt: 'The restored manor house in Chamkhar' },
      { kind: 'interior', seed: 162, alt: 'Former storeroom converted to a guest room' },
      { kind: 'plan', seed: 163, alt: 'Measured plan of the manor before renovation' },
    ],
  },
  {
    title: 'Wangdue Riverside Masterplan',
    description:
      'A planning framework for a new neighbourhood on the Punatsang Chhu: flood-safe terraces, a riverside walk and plots sized for traditional houses with kitchen gardens.',
    year: 2023,
    location: 'Wangdue Phodrang',
    category: 'Planning',
    status: 'Planning',
    client: 'Wangdue Town Development Committee',
    designTeam: 'Dechen Wangmo (urban planner), Karma Wangchuk (architect)',
    featured: false,
    showInRecent: true,
    images: [
      { kind: 'site', seed: 171, alt: 'Riverside masterplan with terraces and walkway' },
      { kind: 'plan', seed: 172, alt: 'Typical plot layout for the new neighbourhood' },
    ],
  },
  {
    title: 'Haa Valley Community Hall',
    description:
      'A gathering hall for festivals and meetings, built with the village: rammed-earth walls by local crews, a timber roof spanning fourteen metres, and a courtyard for masked dances.',
    year: 2025,
    location: 'Haa',
    category: 'Cultural',
    status: 'In Progress',
    client: 'Haa Community Association',
    designTeam: 'Karma Wangchuk (architect), Sonam Tobgay (timber structure)',
    featured: true,
    showInRecent: true,
    images: [
      { kind: 'facade', seed: 181, alt: 'Community hall facade with its courtyard gate' },
      { kind: 'interior', seed: 182, alt: 'The main hall under its timber roof' },
      { kind: 'site', seed: 183, alt: 'Site plan with the festival courtyard' },
    ],
  },
  {
    title: 'Trongsa Primary School',
    description:
      'Eight classrooms, a library and a dining hall on a narrow ridge. The buildings follow the contour so every classroom has daylight from two sides and a view of the dzong.',
    year: 2026,
    location: 'Trongsa',
    category: 'Educational',
    status: 'Planning',
    client: 'Trongsa Education Fund',
    designTeam: 'Dechen Wangmo (project lead), Pema Choden (learning spaces)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'site', seed: 191, alt: 'School buildings following the Trongsa ridge' },
      { kind: 'plan', seed: 192, alt: 'Classroom wing plan' },
    ],
  },
  {
    title: 'Dochula Garden Terraces',
    description:
      'Landscape design for a roadside garden near the pass: dry-stone terraces, native rhododendron and juniper planting, and a path that frames the view of the eastern Himalaya.',
    year: 2023,
    location: 'Thimphu',
    category: 'Landscape',
    status: 'Completed',
    client: 'Highland Gardens Cooperative',
    designTeam: 'Dechen Wangmo (landscape), Karma Wangchuk (pavilion)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'site', seed: 201, alt: 'Planting plan of the Dochula terraces' },
      { kind: 'site', seed: 202, alt: 'Path and viewing terrace layout' },
    ],
  },
  {
    title: 'Phuentsholing Apartment Tower Supervision',
    description:
      'Site supervision of a seven-storey apartment building on the southern border: weekly inspections, concrete testing and a seismic detailing review for the contractor.',
    year: 2024,
    location: 'Phuentsholing',
    category: 'Supervision',
    status: 'Completed',
    client: 'Gedu Builders',
    designTeam: 'Sonam Tobgay (site engineer), Dechen Wangmo (quality control)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'facade', seed: 211, alt: 'The apartment tower nearing completion' },
      { kind: 'plan', seed: 212, alt: 'Typical apartment floor checked on site' },
    ],
  },
  {
    title: 'Mongar Hospital Staff Housing',
    description:
      'Project management for forty staff apartments: tendering, programme, cost control and hand-over, delivered two months early despite the monsoon season.',
    year: 2025,
    location: 'Mongar',
    category: 'Management',
    status: 'On Hold',
    client: 'Eastern Health Housing Trust',
    designTeam: 'Dechen Wangmo (project manager), Sonam Tobgay (engineer)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'facade', seed: 221, alt: 'Staff housing blocks on the Mongar hillside' },
      { kind: 'site', seed: 222, alt: 'Site logistics plan for the housing blocks' },
    ],
  },
  {
    title: 'Babesa Riverside Apartments',
    description:
      'Twelve apartments for sale beside the Wang Chhu, with shared gardens and solar water heating. The studio handled the feasibility study, design and sales brochures.',
    year: 2026,
    location: 'Thimphu',
    category: 'Real Estate',
    status: 'Planning',
    client: 'Babesa Homes',
    designTeam: 'Karma Wangchuk (architect), Pema Choden (show flat interiors)',
    featured: false,
    showInRecent: true,
    images: [
      { kind: 'facade', seed: 231, alt: 'Riverside elevation of the Babesa apartments' },
      { kind: 'interior', seed: 232, alt: 'Show flat living room' },
      { kind: 'plan', seed: 233, alt: 'Two-bedroom apartment plan' },
    ],
  },
  {
    title: 'Paro Boutique Hotel Interiors',
    description:
      'Interior design for a twelve-room hotel near the airport: hand-woven textiles from Bumthang, painted timber in muted mineral colours, and furniture made by Paro carpenters.',
    year: 2022,
    location: 'Paro',
    category: 'Interior Design',
    status: 'Completed',
    client: 'Tashi Hospitality Group',
    designTeam: 'Pema Choden (interior designer), Karma Wangchuk (architect)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'interior', seed: 241, alt: 'Hotel lounge with hand-woven textiles' },
      { kind: 'interior', seed: 242, alt: 'Guest room with painted timber panels' },
    ],
  },
  {
    title: 'Thimphu Architecture Studio Pavilion',
    description:
      'Our own studio in Babesa: a light timber pavilion on a stone base, with a model workshop on the ground floor and a drawing room under the roof.',
    year: 2021,
    location: 'Thimphu',
    category: 'Architecture',
    status: 'Completed',
    client: 'Druk Design & Build',
    designTeam: 'Karma Wangchuk, Pema Choden, Sonam Tobgay, Dechen Wangmo',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'facade', seed: 251, alt: 'The studio pavilion in Babesa' },
      { kind: 'plan', seed: 252, alt: 'Studio ground floor with the model workshop' },
    ],
  },
  {
    title: 'Wangdue Dzong Road Shops Fit-out',
    description:
      'Shopfronts and interiors for six small shops rebuilt after the town’s redevelopment, built out by our own joinery and finishing crews within a fixed budget.',
    year: 2024,
    location: 'Wangdue Phodrang',
    category: 'Interior Build',
    status: 'Completed',
    client: 'Wangdue Traders Association',
    designTeam: 'Pema Choden (design), Sonam Tobgay (construction)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'interior', seed: 261, alt: 'Finished shop interior with timber shelving' },
      { kind: 'facade', seed: 262, alt: 'Row of rebuilt shopfronts' },
    ],
  },
  {
    title: 'Chubachu Family House Construction',
    description:
      'Design and build of a four-bedroom house on a steep plot: retaining walls, a reinforced-concrete frame and traditional cornices, handed over furnished and ready to live in.',
    year: 2026,
    location: 'Thimphu',
    category: 'Construction',
    status: 'In Progress',
    client: 'The Wangdi family',
    designTeam: 'Sonam Tobgay (construction manager), Karma Wangchuk (architect)',
    featured: false,
    showInRecent: false,
    images: [
      { kind: 'facade', seed: 271, alt: 'The Chubachu house under construction' },
      { kind: 'plan', seed: 272, alt: 'First floor plan with four bedrooms' },
    ],
  },
];

export const demoBlogs: DemoBlog[] = [
  {
    title: 'Why rammed earth still makes sense in the Paro valley',
    excerpt: 'Thick earth walls are cheap, warm and quiet. Here is how we build them to today’s seismic standards.',
    author: 'Karma Wangchuk',
    category: 'Sustainability',
    tags: ['rammed earth', 'Paro', 'seismic design'],
    status: 'published',
    readTime: '6 min read',
    image: { kind: 'facade', seed: 301, alt: 'A rammed-earth farmhouse in Paro' },
    images: [{ kind: 'plan', seed: 302, alt: 'Wall section of a reinforced rammed-earth house' }],
    content: `<h2>An old technique with new reasons</h2>
<p>For centuries, farmhouses in western Bhutan were built of <strong>rammed earth</strong>: soil from the site, compacted in timber formwork, layer by layer. The walls are thick, they store the day’s warmth, and they cost little but labour.</p>
<p>Those same qualities matter again today. Cement and steel arrive by truck over long mountain roads; earth is already on the plot.</p>
<h2>Building it to today’s standards</h2>
<ul>
<li>We add a reinforced-concrete ring beam at every floor, tying the walls together.</li>
<li>Timber and bamboo reinforcement is laid in the corners, where earthquakes test a wall first.</li>
<li>A stone plinth keeps rain and rising damp away from the earth.</li>
</ul>
<blockquote>A well-built earth wall is warmer in January than most concrete houses in Thimphu.</blockquote>
<p>We test the soil of every site before we design. If you are thinking of building with earth, <a href="https://en.wikipedia.org/wiki/Rammed_earth">read more about the technique</a> or come and see our projects in Paro.</p>`,
  },
  {
    title: 'Designing for the light of a Bhutanese winter',
    excerpt: 'Low sun, cold mornings and bright afternoons: how orientation and windows do the heating for you.',
    author: 'Pema Choden',
    category: 'Design',
    tags: ['daylight', 'passive solar', 'interiors'],
    status: 'published',
    readTime: '4 min read',
    image: { kind: 'interior', seed: 311, alt: 'A living room filled with low winter sun' },
    images: [
      { kind: 'interior', seed: 312, alt: 'Timber window seat facing south' },
      { kind: 'site', seed: 313, alt: 'Site plan showing the house turned to the sun' },
    ],
    content: `<h2>Follow the sun</h2>
<p>In Thimphu the winter sun rises late behind the ridge and stays low. A house turned <em>a few degrees</em> towards the south-east gains an hour of morning warmth.</p>
<p>We place living rooms and kitchens where the sun arrives first, and stores and stairs on the cold north side.</p>
<h2>Windows that work</h2>
<p>The traditional rabsel, the projecting timber window bay, is a solar collector in all but name. We keep its proportions and add double glazing and insulated panels beneath.</p>
<ul>
<li>Large south windows, shaded by the roof overhang in summer.</li>
<li>Small north windows for cross-ventilation.</li>
<li>Heavy curtains for the long nights.</li>
</ul>`,
  },
  {
    title: 'Reading a dzong: lessons in proportion',
    excerpt: 'What the great fortresses of Bhutan teach a modern designer about scale, rhythm and restraint.',
    author: 'Karma Wangchuk',
    category: 'Culture',
    tags: ['dzong', 'heritage', 'proportion'],
    status: 'published',
    readTime: '5 min read',
    image: { kind: 'facade', seed: 321, alt: 'Whitewashed walls and timber bands of a dzong-inspired building' },
    images: [{ kind: 'plan', seed: 322, alt: 'Courtyard plan inspired by a dzong' }],
    content: `<h2>Walls that lean</h2>
<p>The outer walls of a dzong taper as they rise. The batter makes the building look rooted and helps it stand through earthquakes.</p>
<h2>Bands of colour</h2>
<p>The <strong>kemar</strong>, the maroon band under the roof, marks a building of importance. We use it sparingly, as tradition asks.</p>
<blockquote>Restraint is the first rule: one strong gesture, then quiet walls.</blockquote>
<p>Most of a dzong is plain whitewash. The richness is kept for the windows, the cornices and the roof. That balance is worth copying.</p>`,
  },
  {
    title: 'What our new Punakha resort will look like',
    excerpt: 'A first look at the cottages and the lodge we are building above the Mo Chhu.',
    author: 'Dechen Wangmo',
    category: 'News',
    tags: ['Punakha', 'hospitality', 'work in progress'],
    status: 'draft',
    readTime: '3 min read',
    image: { kind: 'site', seed: 331, alt: 'Masterplan of the Punakha resort' },
    images: [{ kind: 'facade', seed: 332, alt: 'Elevation of the central lodge' }],
    content: `<h2>Twenty cottages on old terraces</h2>
<p>The resort follows the lines of the rice terraces that were already on the site. No terrace wall has been removed.</p>
<p>We will publish photographs once the first cottages are finished in spring.</p>`,
  },
];

export const demoClients: DemoClient[] = [
  {
    name: 'Bhutan Highland Bank & Trust',
    description: 'Branch offices in Thimphu and Paro.',
    website: 'https://highlandbank.example.bt',
    category: 'Banking',
    status: 'Active',
    logoSeed: 401,
  },
  {
    name: 'Tashi Hospitality Group',
    description: 'Boutique hotels and resorts across western Bhutan.',
    website: 'https://tashihospitality.example.bt',
    category: 'Corporate',
    status: 'Active',
    logoSeed: 402,
  },
  {
    name: 'Southern Skills Foundation',
    description: 'Vocational training for young people in the southern districts.',
    website: 'https://southernskills.example.bt',
    category: 'Education',
    status: 'Active',
    logoSeed: 403,
  },
  {
    name: 'Eastern Health Housing Trust',
    description: 'Housing for health workers in eastern Bhutan.',
    website: 'https://easternhealth.example.bt',
    category: 'Healthcare',
    status: 'Active',
    logoSeed: 404,
  },
  {
    name: 'Babesa Homes',
    description: 'Apartments and townhouses in Thimphu.',
    website: 'https://babesahomes.example.bt',
    category: 'Real Estate',
    status: 'Active',
    logoSeed: 405,
  },
  {
    name: 'Wangdue Town Development Committee',
    description: 'Planning for the new town of Wangdue Phodrang.',
    website: 'https://wangduetown.example.bt',
    category: 'Government',
    status: 'Pending',
    logoSeed: 406,
  },
];

export const demoTeam: DemoTeamMember[] = [
  { name: 'Karma Wangchuk', title: 'Principal Architect', position: 'Founder & Director', portraitSeed: 501 },
  { name: 'Pema Choden', title: 'Interior Designer', position: 'Head of Interiors', portraitSeed: 502 },
  { name: 'Sonam Tobgay', title: 'Structural Engineer', position: 'Head of Construction', portraitSeed: 503 },
  { name: 'Dechen Wangmo', title: 'Urban Planner', position: 'Project Manager', portraitSeed: 504 },
];

export const demoSettings: SiteSettingsInput = {
  brandName: 'Druk Design & Build',
  description:
    'Architecture, interiors and construction from Thimphu: buildings rooted in Bhutanese tradition, built to last.',
  contactEmail: 'info@drukdesignbuild.bt',
  phonePrimary: '+975 17 12 34 56',
  phoneSecondary: '+975 2 33 44 55',
  address: 'Babesa, Thimphu, Bhutan',
  facebookUrl: 'https://www.facebook.com/drukdesignbuild',
  instagramUrl: 'https://www.instagram.com/drukdesignbuild',
  youtubeUrl: 'https://www.youtube.com/@drukdesignbuild',
  tiktokUrl: 'https://www.tiktok.com/@drukdesignbuild',
};
