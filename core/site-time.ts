/**
 * The site's time zone (DESIGN "Time"): times are stored as UTC, and every date or time a person reads, on the
 * server or in the browser, is formatted here in the site's zone (SITE_TIME_ZONE, Asia/Thimphu by default);
 * the machine formats (RSS, JSON-LD, sitemap) carry its offset. Pure functions of an instant and a zone, built
 * from numeric parts and English month names of our own, so Node and every browser write the same text
 * (engines disagree on words: "Sep" or "Sept"), and a page hydrates without a mismatch.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Labels people know better than the zone's name. */
const ZONE_LABELS: Record<string, string> = { 'Asia/Thimphu': 'Bhutan time', UTC: 'UTC', 'Etc/UTC': 'UTC' };

/** The IANA name as Intl spells it ("asia/thimphu" → "Asia/Thimphu"), or null when it names no zone. */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone.trim()) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** How a zone is named beside a time: "Bhutan time" for Asia/Thimphu, else its city ("New York time"). */
export function timeZoneLabel(zone: string): string {
  const known = ZONE_LABELS[zone];
  if (known) return known;
  const city = zone.split('/').pop()!.replace(/_/g, ' ');
  return `${city} time`;
}

interface SiteParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partFormats.set(zone, format);
  }
  return format;
}

/** The wall-clock reading of an instant in a zone, as numbers. */
export function siteParts(instant: string | number | Date, zone: string): SiteParts {
  const parts: Record<string, number> = {};
  for (const part of partFormat(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  // Some engines write midnight as 24 even with h23.
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

/** The zone's offset from UTC at an instant, in minutes (Asia/Thimphu: 360). */
export function timeZoneOffsetMinutes(instant: string | number | Date, zone: string): number {
  const ms = new Date(instant).getTime();
  const p = siteParts(ms, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number, separator: string): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}${separator}${pad(Math.abs(minutes) % 60)}`;
}

/** A date as people read it: "26 November 2026". Empty for no date. */
export function formatSiteDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const p = siteParts(iso, zone);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** A moment to the minute, the zone named: "26 Nov 2026, 00:59 Bhutan time". */
export function formatSiteDateTime(iso: string, zone: string): string {
  const p = siteParts(iso, zone);
  return `${p.day} ${MONTHS[p.month - 1]!.slice(0, 3)} ${p.year}, ${pad(p.hour)}:${pad(p.minute)} ${timeZoneLabel(zone)}`;
}

/** The clock time alone, the zone named: "00:59:07 Bhutan time". */
export function formatSiteClock(iso: string | number, zone: string): string {
  const p = siteParts(iso, zone);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} ${timeZoneLabel(zone)}`;
}

/** ISO 8601 with the zone's offset, for JSON-LD and the sitemap: "2026-11-26T00:59:00+06:00". */
export function toSiteIso(iso: string, zone: string): string {
  const p = siteParts(iso, zone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return `${date}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offsetText(timeZoneOffsetMinutes(iso, zone), ':')}`;
}

/** RFC 822 (as RSS 2.0 takes it) with the zone's offset: "Thu, 26 Nov 2026 00:59:00 +0600". */
export function toSiteRfc822(iso: string, zone: string): string {
  const p = siteParts(iso, zone);
  const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  const month = MONTHS[p.month - 1]!.slice(0, 3);
  const time = `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return `${weekday}, ${pad(p.day)} ${month} ${p.year} ${time} ${offsetText(timeZoneOffsetMinutes(iso, zone), '')}`;
}

/** The site's calendar day of an instant (YYYY-MM-DD): the day "today" and the visit counts follow. */
export function siteDay(instant: string | number | Date, zone: string): string {
  const p = siteParts(instant, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The site's calendar year of an instant. */
export function siteYear(instant: string | number | Date, zone: string): number {
  return siteParts(instant, zone).year;
}

/** The site's wall-clock time of an instant, as a `datetime-local` input holds it (YYYY-MM-DDTHH:mm). */
export function toSiteLocalInput(iso: string, zone: string): string {
  const p = siteParts(iso, zone);
  return `${siteDay(iso, zone)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The instant (ISO-8601 UTC) of a `datetime-local` value read as the site's wall-clock time, whatever the
 * browser's own zone: the owner schedules in Thimphu time even while travelling. The offset is found from a first
 * guess and checked once more, which settles it on either side of a daylight-saving change.
 */
export function fromSiteLocalInput(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  let instant = asUtc - timeZoneOffsetMinutes(asUtc, zone) * 60_000;
  instant = asUtc - timeZoneOffsetMinutes(instant, zone) * 60_000;
  return new Date(instant).toISOString();
}

/** The instant (ms) a year begins in the site's zone: midnight on 1 January. */
export function siteYearStart(year: number, zone: string): number {
  return siteDayStart(`${pad(year, 4)}-01-01`, zone);
}

/** The instant (ms) a site day (YYYY-MM-DD) begins: midnight in the site's zone. */
export function siteDayStart(day: string, zone: string): number {
  return Date.parse(fromSiteLocalInput(`${day}T00:00`, zone)!);
}
