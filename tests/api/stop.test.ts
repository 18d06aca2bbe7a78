import http from 'node:http';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, stopsWithin, workerPids } from '../support/test-server';

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

/**
 * A worker that cannot run its own deadline (stopped here with SIGSTOP, as an event loop held by one long task would
 * be) is killed by the cluster's primary, which then exits: SIGTERM ends the whole cluster whatever one worker does.
 */
it('kills a worker that does not stop, in a cluster', async () => {
  const server = await startTestServer({ WEB_CONCURRENCY: '2' });
  const workers = workerPids(server);
  expect(workers).toHaveLength(2);
  process.kill(workers[0]!, 'SIGSTOP');
  try {
    const { stopped } = await stopsWithin(server, 15_000);
    expect(stopped, `still running 15 s after SIGTERM:\n${server.output()}`).toBe(true);
    expect(server.output()).toContain(`Worker ${workers[0]} still running 10 s after SIGTERM: killing it.`);
  } finally {
    await server.kill();
    // Stopped, it outlives its primary until killed.
    for (const pid of workers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
}, 60_000);
