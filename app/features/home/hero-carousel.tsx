import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FALLBACK_IMAGE, HERO_AUTO_ADVANCE_MS } from '../../../core/constants';
import { FALLBACK_FEATURED_PROJECT } from '../../../core/fixed-content';
import { MESSAGES } from '../../../core/messages';
import { formatSiteClock } from '../../../core/site-time';
import type { ProjectCard } from '../../../core/project-card';
import { fetchSignedIn } from '../../lib/api-client';
import { useSiteTimeZone } from '../../lib/site-time-zone';
import { prefersReducedMotion } from '../../lib/use-in-view';
import { CarouselControls, useCarousel } from '../../ui/carousel';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';
import { useFeaturedProjects } from './use-featured-projects';

const { id, title, year, location, category } = FALLBACK_FEATURED_PROJECT;
const FALLBACK_SLIDE: ProjectCard = { id, title, year, location, category, cover: null };

function HeroSlide({
  slide,
  linked,
  active,
  priority,
  pictured,
}: {
  slide: ProjectCard;
  /** False for the built-in sample shown when the fetch failed: it is no project of the site. */
  linked: boolean;
  active: boolean;
  priority: boolean;
  /** Whether its picture is in the page yet: a slide not shown soon has none, and costs no request. */
  pictured: boolean;
}) {
  const heroImage = pictured && (
    <ResponsiveImage
      image={slide.cover}
      src={linked ? FALLBACK_IMAGE : FALLBACK_FEATURED_PROJECT.image}
      alt={slide.cover?.alt ?? slide.title}
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
      {linked ? (
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
        {linked && (
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
      <p>Last fetched: {lastFetchedAt ? formatSiteClock(lastFetchedAt, zone) : 'with the page’s data'}</p>
      <p>Last error: {error ?? 'none'}</p>
      <p>Source: GET /api/projects/featured</p>
    </details>
  );
}

/**
 * The hero carousel of featured projects with its loading, error, empty and
 * carousel states; advances every 5 s unless paused or motion is reduced.
 */
export function HeroCarousel({ initial }: { initial: ProjectCard[] | null }) {
  const featured = useFeaturedProjects(initial);
  const [hovered, setHovered] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const paused = hovered || userPaused;
  const failed = featured.error !== null && featured.projects.length === 0;
  const slides = failed ? [FALLBACK_SLIDE] : featured.projects;
  const carousel = useCarousel(slides.length);
  const current = carousel.current;
  const { next } = carousel;
  const currentId = slides[current]?.id;
  const nextId = slides[(current + 1) % slides.length]?.id;
  // The slides whose pictures are in the page: the one shown, and each one shown before or about to be (kept for
  // the crossfade and for coming back). The first visit fetches one hero picture, not one per featured project.
  const [pictured, setPictured] = useState<ReadonlySet<number>>(() => new Set());
  const picture = (id: number | undefined) =>
    setPictured((ids) => (id === undefined || ids.has(id) ? ids : new Set([...ids, id])));
  if (currentId !== undefined && !pictured.has(currentId)) picture(currentId);

  useEffect(() => {
    if (paused || slides.length < 2 || prefersReducedMotion()) return;
    const timer = setInterval(next, HERO_AUTO_ADVANCE_MS);
    // Half a turn ahead, the next picture is fetched, so it has arrived when its slide fades in.
    const ahead = setTimeout(() => picture(nextId), HERO_AUTO_ADVANCE_MS / 2);
    return () => {
      clearInterval(timer);
      clearTimeout(ahead);
    };
  }, [paused, slides.length, next, nextId]);

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
        <HeroSlide
          key={slide.id}
          slide={slide}
          linked={!failed}
          active={position === current}
          priority={position === 0}
          pictured={position === current || pictured.has(slide.id)}
        />
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
