/**
 * What a visitor's browser sends besides a page, as the site's own code sends it: the beacon
 * (app/features/layout/visit-beacon.tsx, navigator.sendBeacon) and the contact form's post
 * (app/features/contact/contact-form.tsx, fetch with JSON), with the headers that get them past the origin check.
 */

/** A browser's User-Agent: an empty or a robot's one is counted as a bot and dropped (isBotUserAgent). */
export const CHROME_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The n-th of many public IPv4 addresses, for X-Forwarded-For behind TRUST_PROXY=1: consecutive numbers fall in
 * different /24 networks (the contact form counts a network's messages too), and a number below 6.5 million never
 * shares its /24 with another, so no per-address or per-network limit refuses a simulated visitor. First octets
 * 11-110 are public and in DB-IP's data, so each beacon's country is looked up as a real visitor's is.
 */
export function publicAddress(n: number): string {
  const first = 11 + (n % 100);
  const second = Math.floor(n / 100) % 256;
  const third = Math.floor(n / 25_600) % 256;
  const fourth = 1 + (Math.floor(n / 6_553_600) % 254);
  return `${first}.${second}.${third}.${fourth}`;
}

/** navigator.sendBeacon's request: a text body, the page's origin, the path and the referrer. */
export function beaconRequest(origin: string, page: string, referrer = '') {
  return {
    method: 'POST',
    path: '/api/event',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin,
      'sec-fetch-site': 'same-origin',
      'user-agent': CHROME_USER_AGENT,
    },
    body: JSON.stringify({ p: page, r: referrer }),
  };
}

/** The four fields of SPEC section 7, the n-th message's own e-mail address. */
export function contactFields(n: number) {
  return {
    name: 'Load Bench',
    email: `load-${n}@example.com`,
    phone: '+975 17 000 000',
    message: `Load test message ${n}: we would like a quote for a small house.`,
  };
}

/**
 * The contact form's post as a person sends it: the honeypot empty and the form drawn half a minute before
 * (formStartedAt), so the message goes to the inbox rather than to Spam as a robot's would.
 */
export function contactRequest(origin: string, n: number) {
  return {
    method: 'POST',
    path: '/api/contact',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      origin,
      'sec-fetch-site': 'same-origin',
      'user-agent': CHROME_USER_AGENT,
    },
    body: JSON.stringify({ ...contactFields(n), website: '', formStartedAt: String(Date.now() - 30_000) }),
  };
}
