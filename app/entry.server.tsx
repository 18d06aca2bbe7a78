// React Router's default Node entry (@react-router/dev, entry.server.node.tsx), changed so that every page is
// rendered whole before it is sent: its Content-Security-Policy lists the hashes of the inline scripts the app
// wrote instead of a per-request nonce, and a public page is then the same bytes and headers for every visitor,
// which a CDN may keep (ETag = hash of the body). Decisions 008 and 011; the policy is in
// server/http/security-headers.ts.
import { STATUS_CODES } from 'node:http';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from 'react-router';
import { ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import type { PartFailure } from '../server/http/errors';
import {
  contentEtag,
  etagMatches,
  NO_STORE,
  NOT_FOUND_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '../server/http/cache-policy';
import { hashMarkedScripts, newScriptMarker } from '../server/http/page-scripts';
import { pagePolicy } from '../server/http/security-headers';
import { handleRouteError } from './lib/handle-route-error.server';
import { ScriptMarker } from './lib/script-marker';

export const streamTimeout = 5_000;

/**
 * The Cache-Control of a page or data answer, unless its route chose one (the dashboard and the sign-in page
 * send `private, no-store`). Only a GET or HEAD answered 200 or 404 without a cookie being set may be
 * shared, and only when the request carries no administrator session.
 */
function cacheControlFor(request: Request, status: number, headers: Headers, loadContext: AppLoadContext): string {
  const method = request.method.toUpperCase();
  if (headers.has('Set-Cookie')) return loadContext.admin ? PRIVATE_CACHE_CONTROL : NO_STORE;
  if (loadContext.admin) return PRIVATE_CACHE_CONTROL;
  if (method !== 'GET' && method !== 'HEAD') return NO_STORE;
  if (status === 200) return PUBLIC_CACHE_CONTROL;
  if (status === 404) return NOT_FOUND_CACHE_CONTROL;
  return NO_STORE;
}

/**
 * Sets Cache-Control (when the route did not) and, for an answer a cache may keep, the ETag; answers 304
 * without a body when the request already holds that ETag.
 */
function finish(
  request: Request,
  status: number,
  headers: Headers,
  body: Uint8Array<ArrayBuffer>,
  loadContext: AppLoadContext,
): Response {
  if (!headers.has('Cache-Control'))
    headers.set('Cache-Control', cacheControlFor(request, status, headers, loadContext));
  const cacheControl = headers.get('Cache-Control')!;
  const method = request.method.toUpperCase();
  if (!/no-store/.test(cacheControl) && (method === 'GET' || method === 'HEAD')) {
    const etag = contentEtag(body);
    headers.set('ETag', etag);
    if (status === 200 && etagMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('Content-Length');
      return new Response(null, { status: 304, headers });
    }
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD: the same headers as GET, no body.
  return new Response(method === 'HEAD' ? null : body, { status, headers });
}

/**
 * A page whose loader or action found a part failed (the database or the image store unavailable: 503 with
 * Retry-After; the disk full: 507) answers so, and its error boundary says so: React Router has by now replaced the
 * error with a bare "Unexpected Server Error" (500), in the page and in the data it hydrates from, so the errors are
 * put back as an answer of the site's own.
 */
function answerPartFailure(failure: PartFailure, routerContext: EntryContext, responseHeaders: Headers): number {
  const errors = routerContext.staticHandlerContext.errors ?? {};
  for (const routeId of Object.keys(errors)) {
    errors[routeId] = new ErrorResponseImpl(failure.status, STATUS_CODES[failure.status] ?? '', failure.message);
  }
  if (failure.retryAfterSeconds !== undefined) responseHeaders.set('Retry-After', String(failure.retryAfterSeconds));
  return failure.status;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.partFailure) {
    responseStatusCode = answerPartFailure(loadContext.partFailure, routerContext, responseHeaders);
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const marker = newScriptMarker();

    // Abort after streamTimeout, with a second's margin to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The whole page is waited for (onAllReady) and collected: the hashes need every inline script, the ETag
    // every byte. The public pages have no deferred data, so this costs people nothing; crawlers got the
    // page this way before. The marker goes where a nonce would: ServerRouter hands it to <Scripts>,
    // <ScrollRestoration>, <Links> and the streamed data scripts, React to the scripts of its own streaming,
    // and ScriptMarker to the app's own inline scripts (InlineScript).
    const router = (
      <ScriptMarker value={marker}>
        <ServerRouter context={routerContext} url={request.url} nonce={marker} />
      </ScriptMarker>
    );
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce: marker,
      // Below-the-fold Suspense boundaries (app/ui/below-the-fold.tsx) stay in place in the HTML: past this
      // many bytes React would move a finished boundary to the end of the page and put it back with a
      // script, which a browser without JavaScript never runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const sink = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            // Clearing the timeout releases the closure.
            clearTimeout(timeoutId);
            timeoutId = undefined;
            const { html, scriptHashes } = hashMarkedScripts(Buffer.concat(chunks).toString('utf8'), marker);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            responseHeaders.set('Content-Security-Policy', pagePolicy(scriptHashes, loadContext.ctx.config.production));
            resolve(finish(request, responseStatusCode, responseHeaders, Buffer.from(html), loadContext));
            callback();
          },
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the shell reject and are logged by React Router; later ones only show here.
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * The `.data` answers of client-side navigations carry the same loader data as the pages: the same cache rules,
 * and an ETag from their bytes. Redirects and errors pass through with `no-store` unless the route chose.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  const headers = new Headers(response.headers);
  const failure = context.partFailure;
  if (failure) {
    if (failure.retryAfterSeconds !== undefined) headers.set('Retry-After', String(failure.retryAfterSeconds));
    headers.set('Cache-Control', NO_STORE);
    return new Response(response.body, { status: failure.status, headers });
  }
  if (response.status !== 200 || !response.body) {
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', context.admin ? PRIVATE_CACHE_CONTROL : NO_STORE);
    return new Response(response.body, { status: response.status, headers });
  }
  const body = new Uint8Array(await response.arrayBuffer());
  return finish(request, response.status, headers, body, context);
};

export const handleError = handleRouteError;
