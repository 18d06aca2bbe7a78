import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatSiteClock,
  formatSiteDate,
  formatSiteDateTime,
  fromSiteLocalInput,
  siteDay,
  siteYear,
  siteYearStart,
  timeZoneLabel,
  timeZoneOffsetMinutes,
  toSiteIso,
  toSiteLocalInput,
  toSiteRfc822,
} from '../../core/site-time';
import { readConfig } from '../../server/config';
import { composeContactEmail, composeFloodSummaryEmail } from '../../server/services/mail/contact-email';

const THIMPHU = 'Asia/Thimphu';
/** 00:59 on 26 November 2026 in Thimphu: still the 25th in UTC. */
const JUST_AFTER_MIDNIGHT = '2026-11-25T18:59:00.000Z';

describe('the site time zone', () => {
  it('dates a post by the site’s calendar, not UTC’s', () => {
    expect(formatSiteDate(JUST_AFTER_MIDNIGHT, THIMPHU)).toBe('26 November 2026');
    expect(formatSiteDate(JUST_AFTER_MIDNIGHT, 'UTC')).toBe('25 November 2026');
    // 00:30 Bhutan time on 1 December is 18:30 UTC on 30 November.
    expect(formatSiteDate('2026-11-30T18:30:00.000Z', THIMPHU)).toBe('1 December 2026');
    expect(formatSiteDate(null, THIMPHU)).toBe('');
  });

  it('writes a moment to the minute with the zone named', () => {
    expect(formatSiteDateTime(JUST_AFTER_MIDNIGHT, THIMPHU)).toBe('26 Nov 2026, 00:59 Bhutan time');
    expect(formatSiteDateTime(JUST_AFTER_MIDNIGHT, 'UTC')).toBe('25 Nov 2026, 18:59 UTC');
    expect(formatSiteDateTime('2026-09-05T12:00:00.000Z', 'America/New_York')).toBe('5 Sep 2026, 08:00 New York time');
    expect(formatSiteClock(Date.parse('2026-11-25T18:00:07.000Z'), THIMPHU)).toBe('00:00:07 Bhutan time');
  });

  it('names zones: Bhutan time, UTC, or the city', () => {
    expect(timeZoneLabel(THIMPHU)).toBe('Bhutan time');
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
  });

  it('carries the offset in the machine formats', () => {
    expect(toSiteIso(JUST_AFTER_MIDNIGHT, THIMPHU)).toBe('2026-11-26T00:59:00+06:00');
    expect(toSiteRfc822(JUST_AFTER_MIDNIGHT, THIMPHU)).toBe('Thu, 26 Nov 2026 00:59:00 +0600');
    expect(toSiteIso(JUST_AFTER_MIDNIGHT, 'UTC')).toBe('2026-11-25T18:59:00+00:00');
    expect(toSiteIso('2026-07-01T12:00:00.000Z', 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    expect(toSiteRfc822('2026-01-15T12:00:00.000Z', 'America/New_York')).toBe('Thu, 15 Jan 2026 07:00:00 -0500');
    expect(toSiteIso('2026-07-15T12:00:00.000Z', 'America/New_York')).toBe('2026-07-15T08:00:00-04:00');
    // Each names the same instant as the stored UTC time.
    expect(Date.parse(toSiteIso(JUST_AFTER_MIDNIGHT, THIMPHU))).toBe(Date.parse(JUST_AFTER_MIDNIGHT));
    expect(Date.parse(toSiteRfc822(JUST_AFTER_MIDNIGHT, THIMPHU))).toBe(Date.parse(JUST_AFTER_MIDNIGHT));
  });

  it('finds offsets, days and years in the zone', () => {
    expect(timeZoneOffsetMinutes(JUST_AFTER_MIDNIGHT, THIMPHU)).toBe(360);
    expect(timeZoneOffsetMinutes('2026-07-01T00:00:00Z', 'Europe/London')).toBe(60);
    expect(siteDay(Date.parse('2026-11-25T17:59:59.999Z'), THIMPHU)).toBe('2026-11-25');
    expect(siteDay(Date.parse('2026-11-25T18:00:00.000Z'), THIMPHU)).toBe('2026-11-26');
    expect(siteYear('2026-12-31T18:00:00.000Z', THIMPHU)).toBe(2027);
    expect(siteYear('2026-12-31T18:00:00.000Z', 'UTC')).toBe(2026);
    expect(new Date(siteYearStart(2027, THIMPHU)).toISOString()).toBe('2026-12-31T18:00:00.000Z');
    expect(new Date(siteYearStart(2027, 'Europe/London')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('reads and writes the Publish at field in the site’s wall-clock time', () => {
    expect(toSiteLocalInput(JUST_AFTER_MIDNIGHT, THIMPHU)).toBe('2026-11-26T00:59');
    expect(fromSiteLocalInput('2026-11-26T00:30', THIMPHU)).toBe('2026-11-25T18:30:00.000Z');
    expect(fromSiteLocalInput('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(fromSiteLocalInput('2026-01-01T09:00', 'Europe/London')).toBe('2026-01-01T09:00:00.000Z');
    expect(fromSiteLocalInput('not a time', THIMPHU)).toBeNull();
  });

  it('takes any IANA zone as SITE_TIME_ZONE, spelt as Intl spells it, and refuses others', () => {
    expect(canonicalTimeZone('asia/thimphu')).toBe(THIMPHU);
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(readConfig({}).siteTimeZone).toBe(THIMPHU);
    expect(readConfig({ SITE_TIME_ZONE: 'Europe/London' }).siteTimeZone).toBe('Europe/London');
    expect(() => readConfig({ SITE_TIME_ZONE: 'Bhutan' })).toThrow(/SITE_TIME_ZONE must be an IANA time zone/);
  });
});

describe('the notification e-mails', () => {
  const site = { brandName: 'Druk Design', siteUrl: 'https://studio.bt', timeZone: THIMPHU };
  const notifications = { to: 'owner@studio.bt', from: 'site@studio.bt' };

  it('say when a message came in the site’s time, not as a raw ISO time', () => {
    const message = {
      name: 'Pema',
      email: 'pema@example.bt',
      phone: '',
      message: 'Hello',
      createdAt: JUST_AFTER_MIDNIGHT,
    };
    const email = composeContactEmail(message, site, notifications);
    expect(email.text).toContain('on 26 Nov 2026, 00:59 Bhutan time:');
    expect(email.text).not.toContain('2026-11-25T');
  });

  it('say when a flood began and ended in the site’s time', () => {
    const flood = { count: 3, hourlyMax: 20, from: JUST_AFTER_MIDNIGHT, to: '2026-11-25T19:59:00.000Z' };
    const email = composeFloodSummaryEmail(flood, site, notifications);
    expect(email.text).toContain('Between 26 Nov 2026, 00:59 Bhutan time and 26 Nov 2026, 01:59 Bhutan time,');
  });
});
