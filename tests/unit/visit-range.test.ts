import { describe, expect, it } from 'vitest';
import { enquiriesPerThousand, visitRangeOf } from '../../core/visits';

const TODAY = '2026-11-25';
const rangeOf = (query: string) => visitRangeOf(new URLSearchParams(query), TODAY);

describe('the dashboard’s date range', () => {
  it('reads the presets, today included, and falls back to 30 days', () => {
    expect(rangeOf('range=today')).toEqual({ key: 'today', from: TODAY, to: TODAY });
    expect(rangeOf('range=7d')).toEqual({ key: '7d', from: '2026-11-19', to: TODAY });
    expect(rangeOf('range=365d')).toEqual({ key: '365d', from: '2025-11-26', to: TODAY });
    expect(rangeOf('')).toEqual({ key: '30d', from: '2026-10-27', to: TODAY });
    expect(rangeOf('range=toString')).toEqual({ key: '30d', from: '2026-10-27', to: TODAY });
  });

  it('takes two dates, and says why it did not', () => {
    expect(rangeOf('from=2026-02-01&to=2026-03-01')).toEqual({ key: 'custom', from: '2026-02-01', to: '2026-03-01' });
    expect(rangeOf('from=2026-02-30&to=2026-03-01').problem).toBe('Choose both dates of the range.');
    expect(rangeOf('from=2026-03-01').problem).toBe('Choose both dates of the range.');
    expect(rangeOf('from=2026-03-02&to=2026-03-01').problem).toBe(
      'The first date of the range must come before the last.',
    );
    expect(rangeOf('from=2026-11-01&to=2026-11-26').problem).toBe('The range cannot end after today.');
    expect(rangeOf('from=2024-01-01&to=2026-11-25')).toMatchObject({
      key: '30d',
      problem: 'Choose a range of two years at most.',
    });
  });

  it('counts enquiries per 1,000 visitors', () => {
    expect(enquiriesPerThousand(3, 1200)).toBe(2.5);
    expect(enquiriesPerThousand(0, 10)).toBe(0);
    expect(enquiriesPerThousand(1, 0)).toBeNull();
  });
});
