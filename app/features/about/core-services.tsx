import { useState } from 'react';
import type { TextCard } from '../../../core/types';

/** The six core services as flip cards: hover, focus or a press turns a card over. */
export function CoreServices({ services }: { services: TextCard[] }) {
  const [flipped, setFlipped] = useState<number | null>(null);
  return (
    <ul className="flip-cards">
      {services.map((service, slot) => (
        <li key={slot}>
          <button
            type="button"
            className="flip-card"
            data-flipped={flipped === slot || undefined}
            aria-pressed={flipped === slot}
            onClick={() => setFlipped(flipped === slot ? null : slot)}
          >
            <span className="flip-card__face flip-card__front">
              <span className="flip-card__name">{service.title}</span>
            </span>
            <span className="flip-card__face flip-card__back">{service.text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
