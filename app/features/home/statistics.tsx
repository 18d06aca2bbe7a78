import { useRef } from 'react';
import { STATISTICS_VISIBLE_THRESHOLD } from '../../../core/constants';
import type { SiteStats } from '../../../core/types';
import { formatCount } from '../../lib/format';
import { useSeenOnce } from '../../lib/use-in-view';
import { useCountUp } from '../../ui/count-up';

function Statistic({ label, value, start }: { label: string; value: number | null; start: boolean }) {
  const shown = useCountUp(value ?? 0, start);
  return (
    <div className="statistics__item">
      <dt>{label}</dt>
      <dd>{value === null ? '...' : `${formatCount(shown)}+`}</dd>
    </div>
  );
}

/** Projects Done, Happy Clients, Working Hours and Years, counting up once at 30% visibility. */
export function Statistics({ stats }: { stats: SiteStats | null }) {
  const section = useRef<HTMLElement>(null);
  const seen = useSeenOnce(section, { threshold: STATISTICS_VISIBLE_THRESHOLD });
  return (
    <section ref={section} className="statistics" aria-labelledby="statistics-title">
      <div className="container">
        <h2 id="statistics-title" className="visually-hidden">
          Our work in numbers
        </h2>
        <dl className="statistics__grid">
          <Statistic label="Projects Done" value={stats?.projects ?? null} start={seen} />
          <Statistic label="Happy Clients" value={stats?.clients ?? null} start={seen} />
          <Statistic label="Working Hours" value={stats?.workingHours ?? null} start={seen} />
          <Statistic label="Years" value={stats?.years ?? null} start={seen} />
        </dl>
      </div>
    </section>
  );
}
