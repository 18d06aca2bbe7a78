import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseWrkDuration, runWrk, writeRotationScript } from '../../bench/support/wrk';

/**
 * The peer bench's reading of wrk (bench/support/wrk.ts), against real wrk runs on loopback servers whose own
 * counts the figures must agree with. wrk is a Debian package (`apt-get install wrk`); skipped without it.
 */
const missing = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch (error) {
    // wrk --version prints its banner and exits 1.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no wrk on PATH' : undefined;
  }
})();
if (missing) console.log(`Skipping the wrk report tests: ${missing}`);

const servers: http.Server[] = [];

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const OPTIONS = { connections: 2, durationS: 1, timeoutS: 1, headers: { 'Accept-Encoding': 'gzip' } };

describe('parseWrkDuration', () => {
  it('reads every unit wrk prints into milliseconds', () => {
    expect(parseWrkDuration('500.00us')).toBeCloseTo(0.5);
    expect(parseWrkDuration('38.20ms')).toBeCloseTo(38.2);
    expect(parseWrkDuration('1.50s')).toBeCloseTo(1500);
    expect(parseWrkDuration('2.00m')).toBeCloseTo(120_000);
    expect(() => parseWrkDuration('fast')).toThrow();
  });
});

describe.skipIf(missing)('runWrk', () => {
  it('counts the answers the server sent, with their rate and latencies, and the header asked', async () => {
    let answered = 0;
    const encodings = new Set<string | undefined>();
    const url = await serve((request, response) => {
      encodings.add(request.headers['accept-encoding']);
      response.end('hello', () => (answered += 1));
    });
    const figures = await runWrk(url, OPTIONS);
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.requests).toBeLessThanOrEqual(answered);
    expect(figures.rate).toBeGreaterThan(figures.requests / (OPTIONS.durationS * 1.5));
    expect(figures.p50Ms).toBeGreaterThan(0);
    expect(figures.p99Ms).toBeGreaterThanOrEqual(figures.p50Ms);
    expect(figures.timeouts).toBe(0);
    expect(figures.errors).toBe(0);
    expect([...encodings]).toEqual(['gzip']);
  });

  it('counts answers other than 2xx and 3xx as errors', async () => {
    const url = await serve((_request, response) => {
      response.statusCode = 503;
      response.end();
    });
    const figures = await runWrk(url, OPTIONS);
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.errors).toBe(figures.requests);
  });

  it('counts answers later than the time-out as time-outs, outside the latencies', async () => {
    let answered = 0;
    const url = await serve((_request, response) => {
      setTimeout(() => response.end('late', () => (answered += 1)), OPTIONS.timeoutS * 1500);
    });
    const figures = await runWrk(url, { ...OPTIONS, durationS: 4 });
    expect(figures.timeouts).toBeGreaterThan(0);
    expect(figures.timeouts).toBe(figures.requests);
    expect(figures.requests).toBeLessThanOrEqual(answered);
    expect(figures.p50Ms).toBeNaN();
    expect(figures.p99Ms).toBeNaN();
  });

  it('with a rotation script, asks for every path in turn, and reads its own CPU', async () => {
    const asked = new Map<string, number>();
    const url = await serve((request, response) => {
      asked.set(request.url!, (asked.get(request.url!) ?? 0) + 1);
      response.end('page');
    });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wrk-rotation-'));
    try {
      const paths = ['/', '/about', '/blog/1', '/contact'];
      const figures = await runWrk(url, { ...OPTIONS, script: writeRotationScript(folder, paths) });
      expect([...asked.keys()].sort()).toEqual([...paths].sort());
      const counts = [...asked.values()];
      // In turn: no path asked for more than a few times as often as another (two threads, two connections).
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(4);
      expect(figures.errors).toBe(0);
      expect(figures.clientCpuSeconds).toBeGreaterThan(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
