import { Link } from 'react-router';
import { FOUNDING_YEAR } from '../../../core/constants';
import { SERVICE_PAGES } from '../../../core/site-structure';
import { withBrand } from '../../../core/site-texts';
import { CoreServices } from '../../features/about/core-services';
import { FOUNDER_PICTURE, TeamGrid } from '../../features/about/team-grid';
import { Statistics } from '../../features/home/statistics';
import { Testimonials } from '../../features/home/testimonials';
import { pageMeta, siteDataFrom, titleWithBrand } from '../../lib/seo';
import { useSiteData } from '../../lib/use-site-data';
import { IMAGE_SIZES } from '../../ui/image-sizes';
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

export default function About({ loaderData }: Route.ComponentProps) {
  const { team, stats, content } = loaderData;
  const { texts } = content;
  const { settings } = useSiteData();
  const founder = team.find((member) => member.id === texts.founderMemberId) ?? team[0];
  // Sections with nothing to show are not drawn (issue 35): the owner may have cleared these texts.
  const aboutShown = Boolean(texts.aboutHeading || texts.aboutText);
  const coreValues = content.coreValues.filter((value) => value.title);
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
      {(aboutShown || founder) && (
        <section className="section section--white" aria-labelledby="about-us-title">
          <div className="container founder">
            <div>
              <span className="eyebrow">About Us</span>
              <h2 id="about-us-title">{texts.aboutHeading || 'About Us'}</h2>
              {texts.aboutText && <p className="prose">{withBrand(texts.aboutText, settings.brandName)}</p>}
            </div>
            {founder && (
              <figure className="founder__card">
                {founder.imageDetails ? (
                  <ResponsiveImage
                    image={founder.imageDetails}
                    alt={`Portrait of ${founder.name}`}
                    sizes={IMAGE_SIZES.founder}
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
      )}
      {coreValues.length > 0 && (
        <section className="section" aria-labelledby="values-title">
          <div className="container">
            <h2 id="values-title">Core Values</h2>
            <ul className="values">
              {coreValues.map((value, slot) => (
                <li key={slot}>
                  <h3>{value.title}</h3>
                  <p>{value.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <section className="section section--white" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">Core Services</h2>
          <CoreServices services={content.coreServices} />
        </div>
      </section>
      {(texts.vision || texts.mission) && (
        <section className="section" aria-label="Vision and mission">
          <div className="container vision">
            {texts.vision && (
              <div>
                <h2>Vision</h2>
                <p>{texts.vision}</p>
              </div>
            )}
            {texts.mission && (
              <div>
                <h2>Mission</h2>
                <p>{texts.mission}</p>
              </div>
            )}
          </div>
        </section>
      )}
      {team.length > 0 && (
        <section className="section section--white" aria-labelledby="team-title">
          <div className="container">
            <h2 id="team-title">Our Team</h2>
            <TeamGrid members={team} />
          </div>
        </section>
      )}
      <Statistics stats={stats} />
      <Testimonials testimonials={content.testimonials} />
      <section className="section" aria-labelledby="what-we-do-title">
        <div className="container">
          <h2 id="what-we-do-title">This is what we do</h2>
          <ul className="what-we-do">
            {SERVICE_PAGES.map(({ path }, slot) => {
              const card = content.whatWeDo[slot];
              if (!card) return null;
              return (
                <li key={path}>
                  <h3>{card.title}</h3>
                  <p>{card.text}</p>
                  <Link to={path} className="button button--ghost" aria-label={`READ about ${card.title}`}>
                    READ
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </>
  );
}
