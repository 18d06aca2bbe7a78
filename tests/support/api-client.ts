import http from 'node:http';
import type { TestServer } from './test-server';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API as a browser on the site would: same Origin, the session cookie when given. */
export async function api<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked field by field in tests
  server: TestServer,
  method: string,
  path: string,
  options: {
    cookie?: string;
    json?: unknown;
    form?: FormData;
    origin?: string | null;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null && method !== 'GET') headers.origin = options.origin ?? server.origin;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the raw text is the body.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export function form(
  fields: Record<string, string | string[]>,
  files: Record<string, { data: Blob; name: string }[]> = {},
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  for (const [name, list] of Object.entries(files)) {
    for (const file of list) data.append(name, file.data, file.name);
  }
  return data;
}

/**
 * Sends JSON from another loopback address (127.0.0.2, 127.0.0.3…), so a test
 * can be two visitors without trusting any proxy header.
 */
export function apiFrom<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- as api()
  localAddress: string,
  server: TestServer,
  method: string,
  path: string,
  json: unknown,
): Promise<ApiAnswer<T>> {
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}${path}`,
      {
        method,
        localAddress,
        headers: {
          'content-type': 'application/json',
          origin: server.origin,
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') headers.set(name, value);
            else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
          }
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T, headers });
        });
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}
