import { Link } from 'react-router';
import { FOUNDING_YEAR } from '../../../core/constants';
import { SERVICE_PAGES } from '../../../core/site-structure';
import { CoreServices } from '../../features/about/core-services';
import { FOUNDER_PICTURE, TeamGrid } from '../../features/about/team-grid';
import { Statistics } from '../../features/home/statistics';
import { Testimonials } from '../../features/home/testimonials';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { useSiteData } from '../../lib/use-site-data';
import { ResponsiveImage } from '../../ui/responsive-image';
import type { Route } from './+types/about';
import { loadAbout } from './about.server';

export async function loader({ context }: Route.LoaderArgs) {
  return loadAbout(context);
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  return pageMeta(site, {
    title: titleWithBrand(site, 'About'),
    description: `Who we are: a design-and-build studio in Thimphu since ${FOUNDING_YEAR}. Our values, services, vision and team.`,
    path: '/about',
  });
}

const CORE_VALUES = [
  {
    title: 'Rooted in place',
    text: 'Every building answers to its valley, its climate and the traditions of Bhutanese architecture.',
  },
  {
    title: 'Built to last',
    text: 'Seismic safety, durable materials and careful detailing, checked on site by our own engineers.',
  },
  { title: 'One team', text: 'Designers and builders work side by side, so promises made on paper are kept on site.' },
];

const WHAT_WE_DO = [
  { path: '/about/about-planning', title: 'Planning', text: 'Site studies, budgets, permits and masterplans.' },
  { path: '/about/about-interior', title: 'Interior', text: 'Rooms shaped with Bhutanese craft and materials.' },
  { path: '/about/about-exterior', title: 'Exterior', text: 'Architecture, structure, roofs and landscape.' },
] satisfies { path: (typeof SERVICE_PAGES)[number]['path']; title: string; text: string }[];

export default function About({ loaderData }: Route.ComponentProps) {
  const { team, stats } = loaderData;
  const { settings } = useSiteData();
  const founder = team[0];
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">About us</span>
          <h1>Building Bhutan’s future on its traditions</h1>
          <p>
            Architects, interior designers, engineers and builders under one roof in Babesa, Thimphu, since{' '}
            {FOUNDING_YEAR}.
          </p>
        </div>
      </section>
      <section className="section section--white" aria-labelledby="about-us-title">
        <div className="container founder">
          <div>
            <span className="eyebrow">About Us</span>
            <h2 id="about-us-title">A studio that designs and builds</h2>
            <p className="prose">
              {settings.brandName} was founded in {FOUNDING_YEAR} to close the gap between drawing and building. We take
              a project from the first site visit to the last coat of paint, with one team answerable for both.
            </p>
          </div>
          {founder && (
            <figure className="founder__card">
              {founder.imageDetails ? (
                <ResponsiveImage
                  image={founder.imageDetails}
                  alt={`Portrait of ${founder.name}`}
                  sizes="160px"
                  fallbackSrc={FOUNDER_PICTURE}
                />
              ) : (
                <img src={FOUNDER_PICTURE} alt={`Portrait of ${founder.name}`} width={160} height={160} />
              )}
              <figcaption>
                <strong>{founder.name}</strong>
                <br />
                {founder.position}
              </figcaption>
            </figure>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title">Core Values</h2>
          <ul className="values">
            {CORE_VALUES.map((value) => (
              <li key={value.title}>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--white" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">Core Services</h2>
          <CoreServices />
        </div>
      </section>
      <section className="section" aria-labelledby="vision-title">
        <div className="container vision">
          <div>
            <h2 id="vision-title">Vision</h2>
            <p>
              Buildings that make Bhutan’s towns and valleys more beautiful, more resilient and more comfortable to live
              in.
            </p>
          </div>
          <div>
            <h2>Mission</h2>
            <p>To design and build with care, honesty and craft, keeping our promises on time and on budget.</p>
          </div>
        </div>
      </section>
      <section className="section section--white" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">Our Team</h2>
          <TeamGrid members={team} />
        </div>
      </section>
      <Statistics stats={stats} />
      <Testimonials />
      <section className="section" aria-labelledby="what-we-do-title">
        <div className="container">
          <h2 id="what-we-do-title">This is what we do</h2>
          <ul className="what-we-do">
            {WHAT_WE_DO.map((item) => (
              <li key={item.path}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
                <Link to={item.path} className="button button--ghost" aria-label={`READ about ${item.title}`}>
                  READ
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
