import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../app/routes';
import { readConfig } from '../../server/config';
import { apiRouter } from '../../server/http/api';
import type { ServerContext } from '../../server/server-context';

/** What Express 5's router keeps of each `use` and each route (router 2.x, `Router.prototype.listRoutes`). */
interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean | undefined> };
  handle: { stack?: RouterLayer[] };
}

const joined = (...parts: string[]) =>
  parts
    .join('/')
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1');

function writesOf(stack: RouterLayer[], prefix: string): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const route = layer.route;
      return Object.keys(route.methods)
        .filter((method) => method !== 'get' && method !== 'head')
        .map((method) => `${method.toUpperCase()} ${joined(prefix, route.path)}`);
    }
    return layer.handle.stack ? writesOf(layer.handle.stack, joined(prefix, String(layer.rawPath))) : [];
  });
}

/**
 * Every route of the API that is not a read, as `METHOD /api/path/:param`, read from the routers the server
 * mounts (with TEST_CLOCK on, so the test clock's route is listed too). Building them reads only the config.
 */
export function apiWriteRoutes(): string[] {
  const config = readConfig({ DATA_DIR: os.tmpdir(), TEST_CLOCK: '1' });
  const router = apiRouter({ config } as ServerContext) as unknown as { stack: RouterLayer[] };
  return writesOf(router.stack, '/api');
}

function actionsOf(entries: RouteConfigEntry[], prefix: string): string[] {
  return entries.flatMap((entry) => {
    const at = entry.path === undefined ? prefix : joined(prefix, entry.path);
    const source = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'app', entry.file), 'utf8');
    const own = /^export (async )?function action\b|^export const action\b|^export \{[^}]*\baction\b/m.test(source)
      ? [`POST ${at}`]
      : [];
    return [...own, ...actionsOf(entry.children ?? [], at)];
  });
}

/** Every page route with an action (React Router runs it for a POST to the page), as `POST /path`. */
export function pageActionRoutes(): string[] {
  return actionsOf(routes, '/');
}
