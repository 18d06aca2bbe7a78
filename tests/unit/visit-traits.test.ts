import { describe, expect, it } from 'vitest';
import { addDays, siteDay, siteDayStart } from '../../server/services/visits/visit-day';
import { isBotUserAgent } from '../../server/services/visits/visit-recorder';
import { browserFamily, deviceClass } from '../../server/services/user-agent';
import { pageTraitsOf, referrerHostOf } from '../../server/services/visits/visit-traits';
import { BOT_USER_AGENTS, BROWSER_USER_AGENTS } from '../support/user-agent-fixtures';

describe('what a page view keeps of its user agent', () => {
  it('takes every crawler and monitor of the fixture for a bot, and no real browser', () => {
    const bots = BOT_USER_AGENTS;
    const browsers = BROWSER_USER_AGENTS;
    expect(bots.length).toBeGreaterThanOrEqual(200);
    expect(browsers.length).toBeGreaterThanOrEqual(50);
    expect(bots.filter((agent) => !isBotUserAgent(agent))).toEqual([]);
    expect(browsers.filter((agent) => isBotUserAgent(agent))).toEqual([]);
    expect(isBotUserAgent('')).toBe(true);
  });

  it('names the browser family and the device class', () => {
    const cases: [string, string, string][] = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome',
        'desktop',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge',
        'desktop',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari',
        'phone',
      ],
      [
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1',
        'Chrome',
        'tablet',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
        'Samsung Internet',
        'phone',
      ],
      [
        'Mozilla/5.0 (Linux; Android 12; SAMSUNG SM-T505) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36',
        'Samsung Internet',
        'tablet',
      ],
      ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox', 'phone'],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 OPR/114.0.0.0',
        'Opera',
        'desktop',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 YaBrowser/24.12.0.0 Safari/537.36',
        'Chrome',
        'desktop',
      ],
      ['Lynx/2.9.0dev.12 libwww-FM/2.14', 'Other', 'desktop'],
    ];
    for (const [agent, browser, device] of cases) {
      expect([browserFamily(agent), deviceClass(agent)], agent).toEqual([browser, device]);
    }
  });
});

describe('what a page view keeps of its address', () => {
  it('keeps fixed pages by path, projects and posts by id, the UTM fields, and nothing else', () => {
    expect(pageTraitsOf('/about?utm_source=news&utm_medium=email&utm_campaign=winter&fbclid=x')).toEqual({
      path: '/about',
      utmSource: 'news',
      utmMedium: 'email',
      utmCampaign: 'winter',
    });
    expect(pageTraitsOf('/project/18')?.path).toBe('/project/18');
    expect(pageTraitsOf('/blog/3/')?.path).toBe('/blog/3');
    expect(pageTraitsOf('/project/018')?.path).toBe('other');
    expect(pageTraitsOf('/wp-login.php')?.path).toBe('other');
    expect(pageTraitsOf('/')?.path).toBe('/');
    expect(pageTraitsOf('/dashboard/projects')).toBeUndefined();
    expect(pageTraitsOf('https://elsewhere.example/about')).toBeUndefined();
    expect(pageTraitsOf('//elsewhere.example/about')).toBeUndefined();
  });

  it('keeps a referrer by its host, and none for the site itself', () => {
    expect(referrerHostOf('https://www.Google.com/search?q=studio', 'studio.bt')).toBe('google.com');
    expect(referrerHostOf('https://studio.bt/about', 'studio.bt')).toBeNull();
    expect(referrerHostOf('android-app://com.slack/', 'studio.bt')).toBeNull();
    expect(referrerHostOf('', 'studio.bt')).toBeNull();
  });
});

describe('the studio day', () => {
  it('turns at midnight in Thimphu (UTC+6)', () => {
    expect(siteDay(Date.parse('2026-11-25T17:59:59.999Z'), 'Asia/Thimphu')).toBe('2026-11-25');
    expect(siteDay(Date.parse('2026-11-25T18:00:00.000Z'), 'Asia/Thimphu')).toBe('2026-11-26');
    expect(new Date(siteDayStart('2026-11-26', 'Asia/Thimphu')).toISOString()).toBe('2026-11-25T18:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
