import { THOUSANDS_FORMAT_FROM } from '../../core/constants';
import { formatSiteDate, formatSiteDateTime } from '../../core/site-time';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** SPEC section 9: numbers of 10,000 or more show in thousands with a K suffix. */
export function formatCount(value: number): string {
  if (value < THOUSANDS_FORMAT_FROM) return value.toLocaleString('en-US');
  const thousands = value / 1000;
  return `${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}K`;
}

/** A date as people read it, in the site's zone (`useSiteTimeZone()`): "26 November 2026". */
export function formatDate(iso: string | null | undefined, zone: string): string {
  return formatSiteDate(iso, zone);
}

/** A moment to the minute in the site's zone, the zone named: "26 Nov 2026, 00:59 Bhutan time". */
export function formatDateTime(iso: string, zone: string): string {
  return formatSiteDateTime(iso, zone);
}

/** A file size as people read it: bytes, then KB, then MB with one decimal (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
