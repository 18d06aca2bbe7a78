import type { AppLoadContext } from 'react-router';
import { PRIVATE_CACHE_CONTROL } from '../../../server/http/cache-policy';
import { csvLine } from '../../../core/csv';
import { visitRangeOf } from '../../../core/visits';
import { dailyVisitFigures } from '../../../server/services/visits/visit-overview';
import { requireAdminSession } from './session.server';
import { studioToday } from './dashboard-home.server';

/** The CSV's first line: what each column holds. */
export const VISITS_CSV_HEADER = csvLine(['Date', 'Visitors', 'Page views', 'Messages']);

/**
 * `GET /dashboard/visits.csv?range=…` or `?from=&to=`: the daily figures of the range the dashboard shows, one
 * line a day (studio days, Thimphu), for a spreadsheet. The administrator's only, kept by nobody.
 */
export async function visitsCsvResponse(context: AppLoadContext, request: Request): Promise<Response> {
  await requireAdminSession(context, request);
  const range = visitRangeOf(new URL(request.url).searchParams, studioToday(context.ctx.config.siteTimeZone));
  const days = await dailyVisitFigures(context.ctx, range);
  const lines = [
    VISITS_CSV_HEADER,
    ...days.map((day) => csvLine([day.day, day.visitors, day.pageviews, day.messages])),
  ];
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="visits-${range.from}-to-${range.to}.csv"`,
      'Cache-Control': PRIVATE_CACHE_CONTROL,
    },
  });
}
