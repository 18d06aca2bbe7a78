import { useRef } from 'react';
import { Link } from 'react-router';
import {
  FALLBACK_IMAGE,
  MOBILE_BREAKPOINT_PX,
  SLIDE_TRANSITION_S,
  PROJECTS_PER_SLIDE,
  PROJECTS_PER_SLIDE_MOBILE,
  SWIPE_THRESHOLD_PX,
} from '../../../core/constants';
import type { ProjectCard } from '../../../core/project-card';
import { useHydrated, useMediaQuery } from '../../lib/client-state';
import { useCarousel } from '../../ui/carousel';
import { IMAGE_SIZES } from '../../ui/image-sizes';
import { ResponsiveImage } from '../../ui/responsive-image';

/**
 * Projects two to a page (one on a phone unless `alwaysTwo`), moved by the
 * arrows or by a swipe or drag of more than 150 px; bounded at both ends; back
 * to the first page when the filters or the layout change. Without JavaScript
 * the track simply scrolls sideways.
 */
export function ProjectSlider({
  projects,
  alwaysTwo,
  resetKey,
}: {
  projects: ProjectCard[];
  alwaysTwo: boolean;
  resetKey: string;
}) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const enhanced = useHydrated();
  const perPage = mobile && !alwaysTwo ? PROJECTS_PER_SLIDE_MOBILE : PROJECTS_PER_SLIDE;
  const pageCount = Math.max(1, Math.ceil(projects.length / perPage));
  // The page belongs to one set of filters and one layout: when either changes, it is page 0 again.
  const pages = useCarousel(pageCount, `${resetKey}|${perPage}`, { wrap: false });
  const page = pages.current;
  const dragStart = useRef<number | null>(null);

  const onPointerDown = (event: React.PointerEvent) => {
    dragStart.current = event.clientX;
  };
  const onPointerUp = (event: React.PointerEvent) => {
    if (dragStart.current === null) return;
    const distance = event.clientX - dragStart.current;
    dragStart.current = null;
    if (Math.abs(distance) > SWIPE_THRESHOLD_PX) {
      if (distance < 0) pages.next();
      else pages.previous();
    }
  };

  return (
    <div
      className="slider"
      data-enhanced={enhanced || undefined}
      data-always-two={alwaysTwo || undefined}
      // Not the projects a page: listing.css sets that by the screen's width, so the first paint has the cards'
      // width before this script runs (issue 35: half-width cards on a slow phone until it had).
      style={{ '--slide-transition': `${SLIDE_TRANSITION_S}s` } as React.CSSProperties}
      role="region"
      aria-roledescription="carousel"
      aria-label="Projects"
    >
      <div
        className="slider__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (dragStart.current = null)}
      >
        <ul className="slider__track" style={enhanced ? { transform: `translateX(-${page * 100}%)` } : undefined}>
          {projects.map((project, index) => {
            const visible = !enhanced || Math.floor(index / perPage) === page;
            return (
              <li
                key={project.id}
                className="slider__slide"
                aria-hidden={!visible || undefined}
                inert={!visible || undefined}
              >
                <ResponsiveImage
                  image={project.cover}
                  src={FALLBACK_IMAGE}
                  alt={project.cover?.alt ?? project.title}
                  sizes={IMAGE_SIZES.slider(alwaysTwo)}
                  priority={index < perPage}
                  className="slider__image"
                />
                <div className="slider__caption">
                  <h2 className="slider__title">{project.title}</h2>
                  <p className="slider__meta">
                    {project.location} · {project.year}
                  </p>
                  <Link to={`/project/${project.id}`} className="slider__read" aria-label={`READ: ${project.title}`}>
                    READ
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {enhanced && pageCount > 1 && (
        <div className="slider__controls">
          <button
            type="button"
            className="round-button slider__arrow"
            onClick={pages.previous}
            disabled={page === 0}
            aria-label="Previous projects"
          >
            ‹
          </button>
          <span aria-live="polite">
            {page + 1} / {pageCount}
          </span>
          <button
            type="button"
            className="round-button slider__arrow"
            onClick={pages.next}
            disabled={page === pageCount - 1}
            aria-label="Next projects"
          >
            ›
          </button>
        </div>
      )}
    </div>
  );
}
