import type { IncomingMessage, ServerResponse } from 'node:http';
import { MESSAGES } from '../../core/messages';
import type { Config } from '../config';
import { NO_STORE } from './cache-policy';
import { logRequestLine, pathWithoutQuery } from './request-log';
import { securityHeaderList } from './security-headers';

/** `.` or `..`, written plainly or with `%2e` for a dot (as browsers read them: WHATWG URL). */
const DOT_SEGMENT = /^(?:\.|%2e)$/i;
const DOUBLE_DOT_SEGMENT = /^(?:\.|%2e){2}$/i;

/** The image names have their own check on the raw path, which refuses dot segments (uploads.ts): 404 there. */
const UPLOADS = /^\/uploads\//i;

/**
 * A path with its dot segments resolved (`/x/../about` → `/about`, `/about/.` → `/about`), `undefined` when it
 * has none, `null` when a `..` would climb above the root (`/../about`). Only `.` and `..` whole segments count,
 * with `%2e` for a dot as browsers read them; nothing else is decoded.
 */
export function withoutDotSegments(path: string): string | null | undefined {
  if (!path.includes('/.') && !(path.includes('%') && /\/%2e/i.test(path))) return undefined;
  const segments = path.split('/').slice(1);
  const kept: string[] = [];
  let found = false;
  for (const segment of segments) {
    if (DOT_SEGMENT.test(segment)) found = true;
    else if (DOUBLE_DOT_SEGMENT.test(segment)) {
      found = true;
      if (kept.length === 0) return null;
      kept.pop();
    } else kept.push(segment);
  }
  // `/.//evil.example` or `/./\evil.example` would resolve to a Location a browser reads as another site's.
  return found ? `/${kept.join('/').replace(/^[/\\]+/, '')}` : undefined;
}

/** What RFC 9110 allows in Host: an IP literal or a name of RFC 3986's characters, then an optional port. */
const HOST_SHAPE = /^(?:\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+)(?::\d*)?$/i;

function isUsableHost(host: string): boolean {
  // The URL parser decides what the shape leaves open (a port over 65535, an IPv6 address, a name IDNA refuses),
  // as React Router's `new URL` does when it builds a page request's URL.
  return HOST_SHAPE.test(host) && URL.canParse(`http://${host}/`);
}

/** X-Forwarded-Host's first value, which Express and React Router read for the host behind TRUST_PROXY's hops. */
function forwardedHost(req: IncomingMessage, trustProxy: number): string | undefined {
  const forwarded = trustProxy > 0 ? req.headers['x-forwarded-host'] : undefined;
  return typeof forwarded === 'string' ? forwarded.split(',', 1)[0]!.trim() : undefined;
}

/** Hosts found usable, so that the next request naming one costs a lookup instead of a parse. */
const USABLE_HOSTS_KEPT = 64;

/**
 * Answers, before the caches and Express, the requests no page may be made for (issue 34): a malformed Host
 * (`a b`, `x:99999`, `[::1`), which React Router cannot turn into a URL, gets 400 in words; a path with dot
 * segments, which browsers resolve before they send it, gets 308 to the resolved path (its query kept), or 404
 * when it would climb above the root. Otherwise each such spelling would be a page of its own, rendered and kept.
 * Returns whether it answered.
 */
export function createRequestGuard(config: Config, clientAddress: (req: IncomingMessage) => string | undefined) {
  const common = [...securityHeaderList(config), ['Cache-Control', NO_STORE]].flat();
  // Nearly every request names one of a few hosts.
  const usableHosts = new Set<string>();
  const isUsable = (host: string) => {
    if (usableHosts.has(host)) return true;
    if (!isUsableHost(host)) return false;
    if (usableHosts.size >= USABLE_HOSTS_KEPT) usableHosts.clear();
    usableHosts.add(host);
    return true;
  };
  const siteHost = new URL(config.siteUrl).host;

  const answer = (req: IncomingMessage, res: ServerResponse, status: number, headers: string[], body: string) => {
    const started = process.hrtime.bigint();
    const bytes = Buffer.byteLength(body);
    const type = body ? ['Content-Type', 'text/plain; charset=utf-8'] : [];
    res.writeHead(status, [...common, ...headers, ...type, 'Content-Length', String(bytes)]);
    res.end(req.method === 'HEAD' ? undefined : body);
    if (config.logRequests) {
      logRequestLine(
        { method: req.method, path: pathWithoutQuery(req.url ?? '/'), ip: clientAddress(req) },
        { status, started, bytes, cache: undefined },
      );
    }
    return true;
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    // HTTP/1.0 may leave Host out (Node refuses that in 1.1 itself): such a request, a health check say, is for
    // this site, and React Router needs a host to make its URL.
    req.headers.host ??= siteHost;
    const forwarded = forwardedHost(req, config.trustProxy);
    if (!isUsable(req.headers.host) || (forwarded !== undefined && !isUsable(forwarded))) {
      return answer(req, res, 400, [], MESSAGES.badHost);
    }
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (UPLOADS.test(path)) return false;
    const resolved = withoutDotSegments(path);
    if (resolved === undefined) return false;
    if (resolved === null) return answer(req, res, 404, [], MESSAGES.notFound);
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    return answer(req, res, 308, ['Location', `${resolved}${query}`], '');
  };
}
