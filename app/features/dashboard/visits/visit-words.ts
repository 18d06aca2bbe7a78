import type { VisitCount, VisitPeriodKey, VisitRange } from '../../../../core/visits';
import { formatDate } from '../../../lib/format';

/** Figures as the owner reads them: 1,234. */
export function formatFigure(value: number): string {
  return value.toLocaleString('en-US');
}

/** A site day (YYYY-MM-DD, already in the site's zone) as people read it: its noon UTC, read in UTC, is that day. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00Z`, 'UTC');
}

export const PERIOD_NAMES: Record<VisitPeriodKey, { title: string; before: string; link: string }> = {
  today: { title: 'Today', before: 'yesterday', link: 'Today' },
  '7d': { title: 'Last 7 days', before: 'in the 7 days before', link: '7 days' },
  '30d': { title: 'Last 30 days', before: 'in the 30 days before', link: '30 days' },
  '365d': { title: 'Last 365 days', before: 'in the 365 days before', link: '365 days' },
};

/** The range in words: "Last 30 days", or "1 November 2026 to 30 November 2026". */
export function rangeTitle(range: VisitRange): string {
  if (range.key !== 'custom') return PERIOD_NAMES[range.key].title;
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} to ${formatDay(range.to)}`;
}

/** How a figure moved against the period before, in words: "25% more than yesterday", "up from none yesterday". */
export function changeText(current: number, previous: number, before: string): string {
  if (current === previous) return `same as ${before}`;
  if (previous === 0) return `up from none ${before}`;
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return `${percent}% ${current > previous ? 'more' : 'fewer'} than ${before}`;
}

/** The direction, for the arrow's colour only (the words say it too). */
export function changeDirection(current: number, previous: number): 'up' | 'down' | 'same' {
  return current > previous ? 'up' : current < previous ? 'down' : 'same';
}

export type { VisitCount };
