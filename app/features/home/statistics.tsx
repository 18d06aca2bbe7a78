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

const LABELS: [keyof SiteStats, string][] = [
  ['projects', 'Projects Done'],
  ['clients', 'Happy Clients'],
  ['workingHours', 'Working Hours'],
  ['years', 'Years'],
];

/**
 * Projects Done, Happy Clients, Working Hours and Years, counting up once at 30% visibility. A figure of 0 is left
 * out ("0+ Projects Done" says nothing good), and with none left the section is not drawn (issue 35).
 */
export function Statistics({ stats }: { stats: SiteStats | null }) {
  const section = useRef<HTMLElement>(null);
  const seen = useSeenOnce(section, { threshold: STATISTICS_VISIBLE_THRESHOLD });
  const shown = LABELS.filter(([key]) => stats === null || stats[key] > 0);
  if (shown.length === 0) return null;
  return (
    <section ref={section} className="statistics" aria-labelledby="statistics-title">
      <div className="container">
        <h2 id="statistics-title" className="visually-hidden">
          Our work in numbers
        </h2>
        <dl className="statistics__grid">
          {shown.map(([key, label]) => (
            <Statistic key={key} label={label} value={stats?.[key] ?? null} start={seen} />
          ))}
        </dl>
      </div>
    </section>
  );
}
