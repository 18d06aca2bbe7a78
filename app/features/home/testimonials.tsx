import { useState } from 'react';
import { TESTIMONIALS } from '../../../core/fixed-content';
import { wrapIndex } from '../../lib/wrap-index';

/** The testimonials selector: arrows move through them and wrap around. */
export function Testimonials() {
  const [index, setIndex] = useState(0);
  const current = TESTIMONIALS[index]!;
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
        <div className="testimonials__controls">
          <button
            type="button"
            className="round-button"
            onClick={() => setIndex(wrapIndex(index, -1, TESTIMONIALS.length))}
            aria-label="Previous testimonial"
          >
            ‹
          </button>
          <span>
            {index + 1} / {TESTIMONIALS.length}
          </span>
          <button
            type="button"
            className="round-button"
            onClick={() => setIndex(wrapIndex(index, 1, TESTIMONIALS.length))}
            aria-label="Next testimonial"
          >
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
