import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The nonce this page's inline scripts carry (React Router's hydration data, React's streaming). */
    cspNonce?: string;
  }
}

/** Two years, with subdomains, as the HSTS preload list asks. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Headers every answer carries: pages, API, images and assets alike. */
export function securityHeaders(config: Config) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // frame-ancestors in the policy says the same to current browsers; this is for older ones.
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // Over plain http the header means nothing, and it would pin a local test host to https.
    if (config.siteIsHttps) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    next();
  };
}

function pagePolicy(nonce: string, production: boolean): string {
  return [
    "default-src 'self'",
    // Only scripts carrying this answer's nonce run; 'strict-dynamic' lets them load the route chunks
    // (module imports and modulepreloads of the entry). 'self' is the fallback for browsers before CSP 3.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
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

/**
 * A fresh nonce for each answer of React Router, and the Content-Security-Policy
 * that names it; app/entry.server.tsx hands the nonce to React and React Router.
 */
export function contentSecurityPolicy(config: Config) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', pagePolicy(nonce, config.production));
    next();
  };
}
