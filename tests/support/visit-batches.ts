import { api } from './api-client';
import type { TestServer } from './test-server';

/**
 * Writes the server's waiting page views now, beacons still being read included (the hook TEST_CLOCK=1 mounts):
 * what a test reads afterwards is all that these beacons will ever add, so "not counted" needs no wait.
 * One process's queue: a server of one worker.
 */
export async function writeWaitingViews(server: TestServer, cookie: string): Promise<void> {
  const answer = await api(server, 'POST', '/api/test-clock/flush-visits', { cookie });
  if (answer.status !== 200)
    throw new Error(`flush-visits answered ${answer.status}: start the server with TEST_CLOCK=1`);
}
