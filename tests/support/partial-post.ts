import http from 'node:http';
import type { TestServer } from './test-server';

/**
 * Starts a POST that states `headers`, writes `body` and never ends the request, and resolves with the
 * answer. When `body` is only the start of the length stated, the answer comes only if the server answers
 * without reading the rest. `localAddress` (127.0.0.2…) makes the request another client's, as apiFrom does.
 */
export function postWithoutFinishing(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
  options: { body?: string; localAddress?: string } = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, path, method: 'POST', headers, localAddress: options.localAddress },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, text, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.write(options.body ?? 'name=x&');
  });
}
