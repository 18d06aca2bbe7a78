import { SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from './constants';

/** Where a project or post stands: a draft, waiting for its time, or public. */
export type PublicationState = 'draft' | 'scheduled' | 'published';

/** `publishedAt` null is a draft; a time after `now` is scheduled. ISO-8601 UTC texts compare as times. */
export function publicationState(publishedAt: string | null, now: string): PublicationState {
  if (publishedAt === null) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

const SITE_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The studio's wall-clock time of an instant, as a `datetime-local` input holds it (YYYY-MM-DDTHH:mm). */
export function toSiteLocalInput(iso: string): string {
  const parts = Object.fromEntries(SITE_PARTS.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant (ISO-8601 UTC) of a `datetime-local` value read as the studio's wall-clock time, whatever the
 * browser's own time zone: the owner schedules in Thimphu time even while travelling. The zone's offset is
 * found by formatting a first guess back; Asia/Thimphu has had no daylight saving since 1987.
 */
export function fromSiteLocalInput(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const shown = toSiteLocalInput(new Date(asUtc).toISOString());
  const [, y2, mo2, d2, h2, mi2] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(shown)!.map(Number) as number[];
  const offsetMs = Date.UTC(y2!, mo2! - 1, d2!, h2!, mi2!) - asUtc;
  return new Date(asUtc - offsetMs).toISOString();
}

/** How the forms and lists show a time: the studio's wall-clock time, with the zone named. */
export function formatSiteTime(iso: string): string {
  return `${toSiteLocalInput(iso).replace('T', ' ')} (${SITE_TIME_ZONE_LABEL})`;
}
