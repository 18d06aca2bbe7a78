import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Express } from 'express';
import { constants as zlib } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { isLiveSession } from '../services/account/sessions';
import type { ContentWatch } from '../services/cache/content-watch';
import type { ServerContext } from '../server-context';
import { publishingNowMs } from '../services/content/publishing-clock';
import { refuseUnusedMethods } from './allowed-methods';
import { apiRouter } from './api';
import { failureAnswerOf, logRequestFailure, setRetryAfter } from './errors';
import { refuseCrossSiteWrites } from './origin-check';
import { COMPRESSION_THRESHOLD_BYTES } from './compression-threshold';
import { limitPageFormBodies } from './page-body-limit';
import { createPageCache } from './page-cache';
import { createRequestGuard } from './request-guard';
import { logRequestLine, logRequests, pathWithoutQuery } from './request-log';
import { securityHeaders } from './security-headers';
import { loadSession } from './session';
import { createSessionVerdicts } from './session-verdicts';
import { createUploads } from './uploads';

export interface AppOptions {
  ctx: ServerContext;
  /** The React Router build, or a function that loads it afresh (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves the browser assets: Vite's middleware in development, build/client otherwise. */
  assets: express.RequestHandler;
  /** Tells the page cache when content may have changed. */
  contentWatch: ContentWatch;
}

/**
 * `req.ip` of a request Express has not seen: its own getter (TRUST_PROXY's hops of X-Forwarded-For) read on a view
 * of the request, so that the request itself keeps Node's prototype (decision 023).
 */
function clientAddressOf(app: Express): (req: IncomingMessage) => string | undefined {
  return (req) =>
    (
      Object.create(app.request, {
        app: { value: app },
        headers: { value: req.headers },
        socket: { value: req.socket },
      }) as express.Request
    ).ip;
}

/** The site's request listener: a kept image at once (uploads.ts), everything else through Express. */
export function createApp({ ctx, build, assets, contentWatch }: AppOptions): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  // ETags are set where an answer may be kept, from a hash of its body (cache-policy.ts); none elsewhere.
  app.set('etag', false);
  app.set('trust proxy', ctx.config.trustProxy);
  const clientAddress = clientAddressOf(app);
  const uploads = createUploads(ctx.storage, ctx.config, clientAddress);
  const refuseMalformed = createRequestGuard(ctx.config, clientAddress);
  if (ctx.config.logRequests) app.use(logRequests);
  app.use(securityHeaders(ctx.config));
  app.use(refuseUnusedMethods);
  app.use('/uploads', uploads.router);
  // Not in development, where the code changes under the pages.
  const pageCache = ctx.config.production
    ? createPageCache(ctx.config, contentWatch, {
        // The clock tests move (publishing-clock.ts), so they see a verdict asked again without waiting for it.
        isLiveSession: createSessionVerdicts((token) => isLiveSession(ctx, token), publishingNowMs),
        logAnswer: ctx.config.logRequests
          ? (req, answer) =>
              logRequestLine(
                { method: req.method, path: pathWithoutQuery(req.url ?? '/'), ip: clientAddress(req) },
                answer,
              )
          : undefined,
      })
    : undefined;
  // Text answers (pages, scripts, styles, JSON) go out compressed; images already are. A 256 KiB brotli
  // window still spans any page, where the default 4 MiB one costs that much per answer in flight
  // (bench/load.ts: +240–460 MiB at 100 connections, against +136 MiB with this one).
  app.use(
    compression({
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
  if (pageCache) app.use(pageCache.capture);
  app.use('/api', apiRouter(ctx));
  app.use(assets);
  // Page forms (sign-in, contact without JavaScript) change things too: same Origin rule as the API.
  app.use(refuseCrossSiteWrites());
  app.use(limitPageFormBodies(ctx));
  // Pages do not depend on the session, but an answer to a signed-in request must stay out of shared caches
  // (app/entry.server.tsx, decision 008).
  app.use(loadSession(ctx));
  app.use(
    createRequestHandler({
      build,
      mode: ctx.config.production ? 'production' : 'development',
      getLoadContext: (req) => ({ ctx, clientIp: req.ip ?? '', admin: req.admin ?? null }),
    }),
  );
  // Pages, assets and images: the API's rules (a client's mistake in words, with its headers; no stack), in text.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const { status, message, headers } = failureAnswerOf(error, req.method);
    logRequestFailure(req, error, status);
    setRetryAfter(res, error);
    res.set(headers ?? {});
    res.status(status).type('text/plain').send(message);
  });
  // Express gives each request its own prototypes and walks its middleware, which alone costs a kept image or
  // page more than sending it (decisions 023 and 028): a kept one goes out before, with the log line and the
  // headers the middleware above would have given it. Before either, a request no answer may be made or kept for.
  return (req, res) => {
    if (refuseMalformed(req, res)) return;
    if (uploads.serveKept(req, res)) return;
    if (pageCache) pageCache.serve(req, res, () => app(req, res));
    else app(req, res);
  };
}

/** build/client as React Router writes it: hashed assets forever, the rest for an hour. */
export function builtAssets(root: string): express.Router {
  const client = path.join(root, 'build', 'client');
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }),
  );
  router.use(express.static(client, { maxAge: '1h', index: false, redirect: false }));
  return router;
}
