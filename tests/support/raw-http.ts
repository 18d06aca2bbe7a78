import http from 'node:http';
import type { TestServer } from './test-server';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request with the path and headers exactly as written: fetch would resolve `..` and `%2e`, re-encode the path
 * and refuse to set Host. The body is read as latin1, so any bytes come back one character each.
 */
export function rawRequest(
  server: TestServer,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, path: rawPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('latin1');
        response.on('data', (part: string) => (body += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}
