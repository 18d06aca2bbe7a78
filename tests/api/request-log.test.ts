import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../core/constants';
import { api } from '../support/api-client';
import { waitForLines } from '../support/log-lines';
import { ADMIN_USERNAME, startTestServer, type TestServer } from '../support/test-server';

const WRONG_PASSWORD = 'hunter2-wrong';
const QUERY_TOKEN = 'secret-token-4f9a2c';

/** Signs in wrongly until the throttle answers, as the throttle test in auth.test.ts does. */
async function failUntilThrottled(server: TestServer): Promise<number> {
  for (let index = 0; index < LOGIN_MAX_FAILURES; index += 1) {
    await api(server, 'POST', '/api/auth/login', { json: { username: ADMIN_USERNAME, password: WRONG_PASSWORD } });
  }
  const blocked = await api(server, 'POST', '/api/auth/login', {
    json: { username: ADMIN_USERNAME, password: WRONG_PASSWORD },
  });
  return blocked.status;
}

let logging: TestServer;
let quiet: TestServer;

beforeAll(async () => {
  [logging, quiet] = await Promise.all([startTestServer(), startTestServer({ LOG_REQUESTS: '0' })]);
});
afterAll(() => Promise.all([logging?.stop(), quiet?.stop()]));

describe('request and security logs', () => {
  it('writes one line per request and a line per failed sign-in and throttling, without secrets', async () => {
    const cookie = await logging.login();
    const cookieValue = cookie.split('=')[1]!;
    expect((await fetch(`${logging.url}/`)).status).toBe(200);
    expect((await api(logging, 'GET', `/api/projects?token=${QUERY_TOKEN}`, { cookie })).status).toBe(200);
    expect(await failUntilThrottled(logging)).toBe(429);

    const requestCount = 3 + LOGIN_MAX_FAILURES + 1;
    const lines = await waitForLines(logging, (all) => all.filter((l) => l.msg === 'request').length >= requestCount);
    const requests = lines.filter((line) => line.msg === 'request');
    // Sorted: a streamed page may finish just after the client has read it and sent the next request.
    const seen = requests.map((line) => [line.method, line.path, line.status]);
    expect(seen.sort()).toEqual(
      [
        ['POST', '/api/auth/login', 200],
        ['GET', '/', 200],
        ['GET', '/api/projects', 200],
        ...Array.from({ length: LOGIN_MAX_FAILURES }, () => ['POST', '/api/auth/login', 401]),
        ['POST', '/api/auth/login', 429],
      ].sort(),
    );
    for (const line of requests) {
      expect(line).toMatchObject({ level: 'info', ip: expect.any(String), ms: expect.any(Number) });
      expect(Date.parse(line.time as string)).not.toBeNaN();
    }

    const failures = lines.filter((line) => line.msg === 'login failed');
    expect(failures).toHaveLength(LOGIN_MAX_FAILURES);
    for (const line of failures) {
      expect(line).toMatchObject({ level: 'warn', knownAccount: true, ip: expect.any(String) });
      expect(line).not.toHaveProperty('username');
    }
    expect(lines.filter((line) => line.msg === 'rate limited')).toEqual([
      expect.objectContaining({ level: 'warn', what: 'login', ip: expect.any(String), retryAfterMinutes: 15 }),
    ]);

    const output = logging.output();
    expect(output).not.toContain(QUERY_TOKEN);
    expect(output).not.toContain(WRONG_PASSWORD);
    expect(output).not.toContain(cookieValue);
    expect(output.toLowerCase()).not.toContain('set-cookie');
  });

  it('keeps the security lines but drops the request lines when LOG_REQUESTS=0', async () => {
    await fetch(`${quiet.url}/`);
    expect(await failUntilThrottled(quiet)).toBe(429);
    const lines = await waitForLines(quiet, (all) => all.some((line) => line.msg === 'rate limited'));
    expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
    expect(lines.filter((line) => line.msg === 'login failed')).toHaveLength(LOGIN_MAX_FAILURES);
    expect(lines.filter((line) => line.msg === 'rate limited')).toHaveLength(1);
    expect(quiet.output()).not.toContain(WRONG_PASSWORD);
  });
});
