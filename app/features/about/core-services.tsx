import { useState } from 'react';
import type { CoreService } from '../../../core/types';

/** The six core services as flip cards: hover, focus or a press turns a card over. */
export function CoreServices({ services }: { services: CoreService[] }) {
  const [flipped, setFlipped] = useState<number | null>(null);
  return (
    <ul className="flip-cards">
      {services.map((service, slot) => (
        <li key={service.id}>
          <button
            type="button"
            className="flip-card"
            data-flipped={flipped === slot || undefined}
            aria-pressed={flipped === slot}
            onClick={() => setFlipped(flipped === slot ? null : slot)}
          >
            <span className="flip-card__face flip-card__front">
              <span className="flip-card__name">{service.name}</span>
            </span>
            <span className="flip-card__face flip-card__back">{service.backDescription}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
