import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';

/** Two years, with subdomains, as the HSTS preload list asks. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Headers every answer carries: pages, API, images and assets alike. */
export function securityHeaderList(config: Config): [string, string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // frame-ancestors in the policy says the same to current browsers; this is for older ones.
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Over plain http the header means nothing, and it would pin a local test host to https.
    ...(config.siteIsHttps ? [['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY] as [string, string]] : []),
  ];
}

/** Sets them on every answer Express makes; a kept image sends them itself (uploads.ts). */
export function securityHeaders(config: Config) {
  const headers = securityHeaderList(config);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The Content-Security-Policy of a rendered page (decisions 008 and 011), built by app/entry.server.tsx once
 * the whole page is rendered: `scriptHashes` are the `'sha256-…'` sources of the inline scripts the app wrote
 * (`hashMarkedScripts` in page-scripts.ts). No nonce: the same page gives the same header to every visitor,
 * so a shared cache may keep both.
 */
export function pagePolicy(scriptHashes: readonly string[], production: boolean): string {
  return [
    "default-src 'self'",
    // Inline scripts run only when their hash is listed; 'strict-dynamic' lets them load the route chunks
    // (the module script's imports, import() of the blog editor) and makes CSP 3 browsers ignore 'self',
    // which stays as the fallback for older ones. Checked in Chromium: the pages hydrate and navigate with
    // no violation, and a page whose hash is missing is refused (decision 008).
    ["script-src 'self'", ...scriptHashes, "'strict-dynamic'"].join(' '),
    // React sets style attributes (image aspect ratios, slider offsets), and so do TipTap and react-image-crop.
    "style-src 'self' 'unsafe-inline'",
    // The dashboard previews picked and cropped images through blob: URLs; SPEC section 7 lets an image
    // path be a blob: or data: URL.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Development: Vite's hot reload talks over its own WebSocket port.
    production ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}
