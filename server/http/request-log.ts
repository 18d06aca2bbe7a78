import type { RequestHandler } from 'express';
import { logEvent } from '../log';

/** What one request's line says of the request. Only the path: query strings may carry tokens. */
export interface RequestFacts {
  method: string | undefined;
  path: string;
  ip: string | undefined;
}

/** What one request's line says of its answer. */
export interface AnswerFacts {
  status: number;
  /** process.hrtime.bigint() when the request arrived. */
  started: bigint;
  bytes: number | undefined;
  /** `hit` when a cache answered (the page cache, the /uploads memory): a slow miss and a fast hit tell apart. */
  cache: string | undefined;
}

/** A request's path as its line gives it: without the query string, which may carry tokens. */
export function pathWithoutQuery(url: string): string {
  return url.split('?', 1)[0]!;
}

/** The one request line, for the answers `logRequests` follows and for the kept images and pages sent before Express. */
export function logRequestLine(request: RequestFacts, answer: AnswerFacts): void {
  logEvent('info', 'request', {
    method: request.method,
    path: request.path,
    status: answer.status,
    ms: Math.round(Number(process.hrtime.bigint() - answer.started) / 1e5) / 10,
    ip: request.ip,
    bytes: answer.bytes,
    cache: answer.cache,
  });
}

/**
 * Logs one line per request once its answer is finished or the client went
 * away. Headers, cookies and bodies never reach the log.
 */
export const logRequests: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  let logged = false;
  const write = () => {
    if (logged) return;
    logged = true;
    const length = res.getHeader('content-length');
    // originalUrl, because routers mounted below rewrite req.url and req.path.
    logRequestLine(
      { method: req.method, path: pathWithoutQuery(req.originalUrl), ip: req.ip },
      {
        status: res.statusCode,
        started,
        bytes: length === undefined ? undefined : Number(length),
        cache: res.locals.pageCache,
      },
    );
  };
  res.once('finish', write);
  res.once('close', write);
  next();
};
