import type { RequestHandler } from 'express';
import { logEvent } from '../log';

/**
 * Logs one line per request once its answer is finished or the client went
 * away. Only the path is kept: query strings may carry tokens, and headers,
 * cookies and bodies never reach the log.
 */
export const logRequests: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  // originalUrl, because routers mounted below rewrite req.url and req.path.
  const path = req.originalUrl.split('?', 1)[0];
  let logged = false;
  const write = () => {
    if (logged) return;
    logged = true;
    const length = res.getHeader('content-length');
    logEvent('info', 'request', {
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      ip: req.ip,
      bytes: length === undefined ? undefined : Number(length),
      // Answered from the page cache (page-cache.ts): a slow miss and a fast hit on one path tell apart.
      cache: res.locals.pageCache,
    });
  };
  res.once('finish', write);
  res.once('close', write);
  next();
};
