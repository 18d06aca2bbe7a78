import { useState } from 'react';
import { CORE_SERVICES } from '../../../core/fixed-content';

/** The six core services as flip cards: hover, focus or a press turns a card over. */
export function CoreServices() {
  const [flipped, setFlipped] = useState<number | null>(null);
  return (
    <ul className="flip-cards">
      {CORE_SERVICES.map((service) => (
        <li key={service.id}>
          <button
            type="button"
            className="flip-card"
            data-flipped={flipped === service.id || undefined}
            aria-pressed={flipped === service.id}
            onClick={() => setFlipped(flipped === service.id ? null : service.id)}
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
