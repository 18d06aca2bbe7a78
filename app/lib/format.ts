import { THOUSANDS_FORMAT_FROM } from '../../core/constants';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** SPEC section 9: numbers of 10,000 or more show in thousands with a K suffix. */
export function formatCount(value: number): string {
  if (value < THOUSANDS_FORMAT_FROM) return value.toLocaleString('en-US');
  const thousands = value / 1000;
  return `${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}K`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
