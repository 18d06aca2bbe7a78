import type { Testimonial } from '../../../core/types';
import { CarouselControls, useCarousel } from '../../ui/carousel';

/** The testimonials selector: arrows move through them and wrap around. With none there is nothing to show. */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  const carousel = useCarousel(testimonials.length);
  const current = testimonials[carousel.current];
  if (!current) return null;
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title" aria-roledescription="carousel">
      <div className="container testimonials__inner">
        <span className="eyebrow">Testimonials</span>
        <h2 id="testimonials-title">What our clients say</h2>
        <figure className="testimonials__quote" aria-live="polite">
          <blockquote>“{current.quote}”</blockquote>
          <figcaption>
            <strong>{current.name}</strong>
            <span>{current.title}</span>
          </figcaption>
        </figure>
        <CarouselControls
          carousel={carousel}
          count={testimonials.length}
          noun="testimonial"
          className="testimonials__controls"
          buttonClassName="round-button"
        />
      </div>
    </section>
  );
}
