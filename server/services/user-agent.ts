/**
 * What the site reads in a User-Agent header, in a few patterns rather than a user-agent library: a page view keeps
 * the browser family and device class (decision 019), and the owner's sessions and sign-in history show
 * "Firefox on Windows".
 */

export type BrowserFamily = 'Chrome' | 'Safari' | 'Firefox' | 'Edge' | 'Samsung Internet' | 'Opera' | 'Other';
export type DeviceClass = 'phone' | 'tablet' | 'desktop';

/** Order matters: Edge, Opera and Samsung Internet claim to be Chrome, and Chrome claims to be Safari. */
const BROWSER_FAMILIES: [RegExp, Exclude<BrowserFamily, 'Other'>][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|OPT|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\/|\b(iPhone|iPad|iPod)\b.*AppleWebKit\//, 'Safari'],
];

export function browserFamily(userAgent: string): BrowserFamily {
  return BROWSER_FAMILIES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
}

const TABLET = /\biPad\b|\bTablet\b|\bKindle\b|\bSilk\/|\bPlayBook\b|\bAndroid\b(?!.*\bMobile\b)/i;
const PHONE = /\bMobi|\biPhone\b|\biPod\b|\bAndroid\b.*\bMobile\b|\bWindows Phone\b|\bIEMobile\b/i;

/** An iPad asking for the desktop site (iPadOS's default) says Macintosh, and is counted as a desktop. */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  return 'desktop';
}

/** What signs in from a terminal or a script: the owner's sessions name it rather than "Unknown". */
const TOOLS: [RegExp, string][] = [
  [/\bcurl\//, 'curl'],
  [/\bnode\b|undici/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Firefox on Windows": enough for the owner to tell their sessions apart. */
export function describeDevice(userAgent: string): string {
  const family = browserFamily(userAgent);
  const browser = family === 'Other' ? TOOLS.find(([pattern]) => pattern.test(userAgent))?.[1] : family;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
