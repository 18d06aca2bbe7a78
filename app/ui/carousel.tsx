import { useCallback, useState } from 'react';
import { wrapIndex } from '../lib/wrap-index';

export interface Carousel {
  /** The item shown, from 0. */
  current: number;
  show: (index: number) => void;
  /** One back, from the first to the last (unless it does not wrap). */
  previous: () => void;
  /** One on, from the last to the first (unless it does not wrap). */
  next: () => void;
}

interface Position {
  layout: unknown;
  index: number;
}

/** The index a position stands for now: the first item when the list shrank past it or the layout changed. */
function shownIndex(at: Position, count: number, layout: unknown): number {
  return at.layout === layout && at.index < count ? at.index : 0;
}

/**
 * Which of `count` items a carousel shows; previous and next wrap at both ends, or with `wrap: false` stop there
 * (the listing pages' slider). An index the list no longer has (it shrank after an edit or a refetch) shows the
 * first item. A change of `layout` (the clients' pages on a phone and on a desktop, the slider's filters and its
 * items per page) goes back to the first item, and so does going back to an earlier layout: SPEC §2's slider
 * "resets to page 0 when a filter changes or the layout switches between mobile and desktop".
 */
export function useCarousel(count: number, layout: unknown = null, { wrap = true }: { wrap?: boolean } = {}): Carousel {
  const [position, setPosition] = useState<Position>({ layout, index: 0 });
  // Forgets the page at the render that sees the new layout (React's "state from an earlier render"), so nothing
  // keeps a page per layout to come back to.
  if (position.layout !== layout) setPosition({ layout, index: 0 });
  // Stable while the list keeps its length, so a timer (the hero's) can hold `next` without restarting.
  const move = useCallback(
    (step: number) =>
      setPosition((at) => {
        const from = shownIndex(at, count, layout);
        const index = wrap ? wrapIndex(from, step, count) : Math.min(count - 1, Math.max(0, from + step));
        return { layout, index };
      }),
    [count, layout, wrap],
  );
  const previous = useCallback(() => move(-1), [move]);
  const next = useCallback(() => move(1), [move]);
  return {
    current: shownIndex(position, count, layout),
    show: (index) => setPosition({ layout, index }),
    previous,
    next,
  };
}

const STEPS = {
  previous: { label: 'Previous', glyph: '‹' },
  next: { label: 'Next', glyph: '›' },
} as const;

/** One of a carousel's arrows, named for what it moves through ("Previous image", "Next image"). */
export function CarouselButton({
  carousel,
  step,
  noun,
  className,
}: {
  carousel: Carousel;
  step: keyof typeof STEPS;
  noun: string;
  className?: string;
}) {
  return (
    <button type="button" className={className} onClick={carousel[step]} aria-label={`${STEPS[step].label} ${noun}`}>
      {STEPS[step].glyph}
    </button>
  );
}

/** ‹ n / m ›: a carousel's previous and next buttons, named for what they move through, and where it is. */
export function CarouselControls({
  carousel,
  count,
  noun,
  className,
  buttonClassName,
  live = 'off',
  children,
}: {
  carousel: Carousel;
  count: number;
  /** "project" gives "Previous project" and "Next project". */
  noun: string;
  className: string;
  buttonClassName?: string;
  live?: 'polite' | 'off';
  children?: React.ReactNode;
}) {
  return (
    <div className={className}>
      <CarouselButton carousel={carousel} step="previous" noun={noun} className={buttonClassName} />
      <span aria-live={live === 'off' ? undefined : live}>
        {carousel.current + 1} / {count}
      </span>
      <CarouselButton carousel={carousel} step="next" noun={noun} className={buttonClassName} />
      {children}
    </div>
  );
}

/** A picture's arrows at its two sides, as `block__arrow block__arrow--prev` and `--next`. */
export function CarouselArrows({ carousel, noun, block }: { carousel: Carousel; noun: string; block: string }) {
  return (
    <>
      <CarouselButton
        carousel={carousel}
        step="previous"
        noun={noun}
        className={`${block}__arrow ${block}__arrow--prev`}
      />
      <CarouselButton carousel={carousel} step="next" noun={noun} className={`${block}__arrow ${block}__arrow--next`} />
    </>
  );
}
