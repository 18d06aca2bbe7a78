import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FALLBACK_IMAGE, HERO_AUTO_ADVANCE_MS } from '../../../core/constants';
import { FALLBACK_FEATURED_PROJECT } from '../../../core/fixed-content';
import { MESSAGES } from '../../../core/messages';
import { projectCover } from '../../../core/project-cover';
import { formatSiteClock } from '../../../core/site-time';
import type { Project } from '../../../core/types';
import { fetchSignedIn } from '../../lib/api-client';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import { prefersReducedMotion } from '../../lib/use-in-view';
import { CarouselControls, useCarousel } from '../../ui/carousel';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';
import { useFeaturedProjects } from './use-featured-projects';

interface Slide {
  id: number;
  title: string;
  description: string;
  location: string;
  year: number;
  category: string;
  project: Project | null;
}

function toSlide(project: Project): Slide {
  return { ...project, project };
}

const FALLBACK_SLIDE: Slide = { ...FALLBACK_FEATURED_PROJECT, project: null };

function HeroSlide({ slide, active, priority }: { slide: Slide; active: boolean; priority: boolean }) {
  const cover = slide.project ? projectCover(slide.project) : undefined;
  const heroImage = (
    <ResponsiveImage
      image={cover?.image}
      src={slide.project ? FALLBACK_IMAGE : FALLBACK_FEATURED_PROJECT.image}
      alt={cover?.alt ?? slide.title}
      sizes={IMAGE_SIZES.hero}
      width={1200}
      height={800}
      priority={priority}
      className="hero__image"
    />
  );
  return (
    <div
      className="hero__slide"
      data-active={active || undefined}
      aria-hidden={!active || undefined}
      inert={!active || undefined}
    >
      {slide.project ? (
        // SPEC: the slide itself leads to the project too. For a pointer only: keyboards and screen readers
        // have the Read link, so this one stays out of the tab order and the accessibility tree.
        <Link to={`/project/${slide.id}`} className="hero__slide-link" tabIndex={-1} aria-hidden="true">
          {heroImage}
        </Link>
      ) : (
        heroImage
      )}
      <div className="hero__caption container">
        <p className="eyebrow eyebrow--light">
          {slide.category} · {slide.location} · {slide.year}
        </p>
        <h2 className="hero__title">{slide.title}</h2>
        {slide.project && (
          <Link to={`/project/${slide.id}`} className="button button--light" aria-label={`Read: ${slide.title}`}>
            Read
          </Link>
        )}
      </div>
    </div>
  );
}

/** Debug details, only in development or for a signed-in administrator. */
function HeroDebug({
  count,
  attempts,
  error,
  lastFetchedAt,
}: {
  count: number;
  attempts: number;
  error: string | null;
  lastFetchedAt: number | null;
}) {
  const [visible, setVisible] = useState(import.meta.env.DEV);
  const zone = useSiteTimeZone();
  useEffect(() => {
    if (!import.meta.env.DEV) void fetchSignedIn().then(setVisible);
  }, []);
  if (!visible) return null;
  return (
    <details className="hero__debug">
      <summary>Debug information</summary>
      <p>Featured projects: {count}</p>
      <p>Fetch attempts: {attempts}</p>
      <p>Last fetched: {lastFetchedAt ? formatSiteClock(lastFetchedAt, zone) : 'from the server render'}</p>
      <p>Last error: {error ?? 'none'}</p>
      <p>Source: GET /api/projects/featured</p>
    </details>
  );
}

/**
 * The hero carousel of featured projects with its loading, error, empty and
 * carousel states; advances every 5 s unless paused or motion is reduced.
 */
export function HeroCarousel({ initial }: { initial: Project[] | null }) {
  const featured = useFeaturedProjects(initial);
  const [hovered, setHovered] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const paused = hovered || userPaused;
  const failed = featured.error !== null && featured.projects.length === 0;
  const slides = failed ? [FALLBACK_SLIDE] : featured.projects.map(toSlide);
  const carousel = useCarousel(slides.length);
  const current = carousel.current;
  const { next } = carousel;

  useEffect(() => {
    if (paused || slides.length < 2 || prefersReducedMotion()) return;
    const timer = setInterval(next, HERO_AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, slides.length, next]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured projects"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {featured.loading && slides.length === 0 && <p className="hero__state">Loading featured projects...</p>}
      {slides.map((slide, position) => (
        <HeroSlide key={slide.id} slide={slide} active={position === current} priority={position === 0} />
      ))}
      {failed && (
        <div className="hero__state hero__state--error" role="alert">
          <p>{MESSAGES.heroLoadFailed}</p>
          <p>{featured.error}</p>
          <button type="button" className="button button--light" onClick={featured.retry}>
            Retry Loading
          </button>
        </div>
      )}
      {!featured.loading && !failed && slides.length === 0 && (
        <div className="hero__state">
          <p>No featured projects yet.</p>
          <p>Add projects to the hero banner in the dashboard to show them here.</p>
        </div>
      )}
      {slides.length > 1 && (
        <CarouselControls
          carousel={carousel}
          count={slides.length}
          noun="project"
          className="hero__controls container"
          live={paused ? 'polite' : 'off'}
        >
          <button
            type="button"
            onClick={() => setUserPaused(!userPaused)}
            aria-pressed={userPaused}
            className="hero__pause"
          >
            {userPaused ? 'Play' : 'Pause'}
          </button>
        </CarouselControls>
      )}
      <HeroDebug
        count={featured.projects.length}
        attempts={featured.attempts}
        error={featured.error}
        lastFetchedAt={featured.lastFetchedAt}
      />
    </section>
  );
}
