import http from 'node:http';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer } from '../support/test-server';

const SIGN_IN = JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD });

/** Signs in over the agent's one connection; resolves with the answer's Connection header. */
function signIn(url: string, agent: http.Agent): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    http
      .request(`${url}/api/auth/login`, { method: 'POST', agent, headers: { 'content-type': 'application/json' } })
      .once('response', (response) => {
        response.resume();
        response.once('end', () => resolve(response.headers.connection));
      })
      .once('error', reject)
      .end(SIGN_IN);
  });
}

/**
 * A sign-in keeps the server busy for the password hash, so the signal lands while one is in flight. Node answers
 * on such a connection after `close` and keeps it open: without the fix the process never exits (the test times out).
 */
it('stops on SIGTERM while a client keeps its connection busy', async () => {
  const server = await startTestServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const connections: (string | undefined)[] = [];
  let asking = true;
  const client = (async () => {
    while (asking) {
      try {
        connections.push(await signIn(server.url, agent));
      } catch {
        return;
      }
    }
  })();
  try {
    await expect.poll(() => connections.length, { timeout: 10_000 }).toBeGreaterThan(1);
    await server.stop();
  } finally {
    asking = false;
    await client;
    agent.destroy();
  }
  expect(connections[0]).toBe('keep-alive');
  expect(server.output()).toContain('SIGTERM received');
});
