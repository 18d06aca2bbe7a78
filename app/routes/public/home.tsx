import { type CSSProperties, useRef } from 'react';
import { Link, type MetaDescriptor } from 'react-router';
import type { ProjectCard } from '../../../core/project-card';
import { lastCandidate, phoneSrcSet } from '../../../core/shown-image';
import { STATISTICS_VISIBLE_THRESHOLD } from '../../../core/constants';
import { withBrand } from '../../../core/site-texts';
import { ClientsCarousel } from '../../features/home/clients-carousel';
import { HeroCarousel } from '../../features/home/hero-carousel';
import { LastProjects } from '../../features/home/last-projects';
import { LoadingScreen } from '../../features/home/loading-screen';
import { Statistics } from '../../features/home/statistics';
import { Testimonials } from '../../features/home/testimonials';
import { pageMeta, siteDataFrom, withOwnerSeo } from '../../lib/seo';
import { useSeenOnce } from '../../lib/use-in-view';
import { useSiteData } from '../../lib/use-site-data';
import { BelowTheFold } from '../../ui/below-the-fold';
import { useCountUp } from '../../ui/count-up';
import { IMAGE_SIZES, PHONE } from '../../ui/image-sizes';
import type { Route } from './+types/home';
import { loadHome } from './home.server';

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

/** The first hero image is the page's largest paint: the browser should ask for it before anything else. */
function heroPreload(featured: ProjectCard[] | undefined): MetaDescriptor[] {
  const avif = featured?.[0]?.cover?.avif;
  if (!avif) return [];
  const preload = (srcset: string, media?: string): MetaDescriptor => ({
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    type: 'image/avif',
    href: lastCandidate(srcset),
    imageSrcSet: srcset,
    imageSizes: IMAGE_SIZES.hero,
    fetchPriority: 'high',
    ...(media ? { media } : {}),
  });
  // The same candidates as the picture's sources, or a phone would preload one picture and draw another.
  const phone = phoneSrcSet(avif);
  if (phone === avif) return [preload(avif)];
  return [preload(phone, PHONE), preload(avif, `not all and ${PHONE}`)];
}

export function meta({ matches, data }: Route.MetaArgs) {
  const site = siteDataFrom(matches);
  const settings = site?.settings;
  const siteUrl = site?.siteUrl ?? '';
  const { description } = withOwnerSeo(site, {
    description: settings?.description || 'Architecture, interior design and construction in Thimphu, Bhutan.',
    path: '/',
  });
  const tags = pageMeta(site, {
    title: settings
      ? `${settings.brandName} | Architecture, Interiors & Construction in Bhutan`
      : 'Architecture in Bhutan',
    description,
    path: '/',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': ['LocalBusiness', 'ProfessionalService'],
      '@id': `${siteUrl}/#studio`,
      name: settings?.brandName,
      description,
      url: `${siteUrl}/`,
      logo: settings?.logo ? `${siteUrl}/uploads/${settings.logo}` : undefined,
      image: settings?.logo ? `${siteUrl}/uploads/${settings.logo}` : undefined,
      email: settings?.contactEmail || undefined,
      telephone: settings?.phonePrimary || undefined,
      address: { '@type': 'PostalAddress', streetAddress: 'Babesa', addressLocality: 'Thimphu', addressCountry: 'BT' },
      areaServed: 'Bhutan',
      knowsAbout: ['Architecture', 'Interior design', 'Construction', 'Urban planning', 'Landscape design'],
      sameAs: [settings?.facebookUrl, settings?.instagramUrl, settings?.youtubeUrl, settings?.tiktokUrl].filter(
        Boolean,
      ),
    },
  });
  return [...heroPreload(data?.featuredProjects), ...tags];
}

function ExperienceCounter({ years }: { years: number }) {
  const element = useRef<HTMLParagraphElement>(null);
  const seen = useSeenOnce(element, { threshold: STATISTICS_VISIBLE_THRESHOLD });
  const shown = useCountUp(years, seen);
  return (
    <p ref={element} className="experience">
      <span className="experience__value" style={{ '--final-digits': `${String(years).length}ch` } as CSSProperties}>
        {shown}
      </span>
      <span>years of experience</span>
    </p>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featuredProjects, lastProjects, clients, stats, texts, testimonials } = loaderData;
  const { settings } = useSiteData();
  // Sections with nothing to show are not drawn (issue 35): the owner may have cleared the About text.
  const aboutShown = Boolean(texts.homeAboutHeading || texts.homeAboutText);
  return (
    <>
      <LoadingScreen brandName={settings.brandName} />
      <h1 className="visually-hidden">{settings.brandName}: architecture, interiors and construction in Bhutan</h1>
      <HeroCarousel initial={featuredProjects} />
      {(aboutShown || stats.years > 0) && (
        <BelowTheFold>
          <section
            className="section section--white"
            aria-label={aboutShown ? undefined : 'Experience'}
            aria-labelledby={aboutShown ? 'about-title' : undefined}
          >
            <div className="container home-intro">
              {stats.years > 0 && <ExperienceCounter years={stats.years} />}
              {aboutShown && (
                <div>
                  <span className="eyebrow">About Us</span>
                  <h2 id="about-title">{texts.homeAboutHeading || 'About Us'}</h2>
                  {texts.homeAboutText && <p className="prose">{withBrand(texts.homeAboutText, settings.brandName)}</p>}
                  <Link to="/about" className="button button--ghost">
                    More about us
                  </Link>
                </div>
              )}
            </div>
          </section>
        </BelowTheFold>
      )}
      {lastProjects.length > 0 && (
        <BelowTheFold>
          <section className="section" aria-labelledby="last-projects-title">
            <div className="container">
              <span className="eyebrow">Portfolio</span>
              <h2 id="last-projects-title">Last Projects</h2>
              <LastProjects projects={lastProjects} />
            </div>
          </section>
        </BelowTheFold>
      )}
      <BelowTheFold>
        <Testimonials testimonials={testimonials} />
      </BelowTheFold>
      {clients.length > 0 && (
        <BelowTheFold>
          <section className="section section--white" aria-labelledby="clients-title">
            <div className="container">
              <span className="eyebrow">Trusted by</span>
              <h2 id="clients-title">Our Clients</h2>
              <ClientsCarousel clients={clients} />
            </div>
          </section>
        </BelowTheFold>
      )}
      <BelowTheFold>
        <Statistics stats={stats} />
      </BelowTheFold>
    </>
  );
}
