import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FEED_PATH, STATIC_PUBLIC_PATHS } from '../../core/site-structure';
import { adminOf, createPost, createProject } from '../support/factories';
import { floodInWorker } from '../support/http-flood';
import { junk } from '../support/junk-addresses';
import { type LogLine, waitForLines } from '../support/log-lines';
import { onPostgres } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 22, item 2: other spellings of a page's id (`/project/018`, `/project/18.000`, `/project/0x12`,
// `/project/18e0`, `/blog/1.0`) and filter values a listing page does not have were answered 200 and kept as
// if they were the site's own pages, each for a render and brotli 11. They now name nothing, or share the bare
// page's entry, and the site's pages stay kept however many of them come.

/** One keep-alive socket for the probes of / during the flood, as a visitor's browser keeps one. */
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(server: TestServer, target: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const options = { agent: probeAgent, headers: { 'accept-encoding': 'br' } };
    const request = http.get(`${server.url}${target}`, options, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, location: response.headers.location }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The request-log lines of these paths, from the `skip`th line on. */
async function requestLines(server: TestServer, skip: number, count: number): Promise<LogLine[]> {
  const requests = (lines: LogLine[]) => lines.filter((line) => line.msg === 'request');
  return requests(await waitForLines(server, (lines) => requests(lines).length >= skip + count)).slice(skip);
}

const FLOOD_REQUESTS = 20_000;
const FLOOD_CONCURRENCY = 32;

// The cache's stores do not depend on the database engine: the flood runs once, on SQLite.
describe.skipIf(onPostgres)('junk addresses and the page cache', () => {
  let server: TestServer;
  let realPages: string[];
  let logged = 0;

  beforeAll(async () => {
    // npm start's node flag, as page-cache.test.ts: a young generation that grows under a flood pauses longer.
    server = await startTestServer({ NODE_OPTIONS: '--max-semi-space-size=8' });
    const admin = adminOf(server, await server.login());
    const project = await createProject(admin, { category: 'Architecture', location: 'Paro', year: '2021' });
    const post = await createPost(admin);
    expect([project.id, post.id]).toEqual([1, 1]);
    realPages = [
      ...STATIC_PUBLIC_PATHS,
      '/project/1',
      '/blog/1',
      BLOG_FEED_PATH,
      '/sitemap.xml',
      '/api/projects',
      '/api/blogs',
    ];
    logged = (await requestLines(server, 0, 3)).length;
  }, 120_000);
  afterAll(async () => {
    probeAgent.destroy();
    await server?.stop();
  });

  it('answers other spellings of an id 404, and a listing filter value the page lacks without a page of its own', async () => {
    for (const target of ['/project/01', '/project/1.0', '/project/0x1', '/project/1e0', '/blog/01', '/blog/1.0']) {
      expect((await get(server, target)).status, target).toBe(404);
    }
    expect((await get(server, '/project/1')).status).toBe(200);
    // A value the page cannot have at all is the bare page; one none of its projects has goes back to it.
    expect((await get(server, '/design?year=junk')).status).toBe(200);
    expect(await get(server, '/design?location=Nowhere&year=2021')).toEqual({
      status: 302,
      location: '/design?year=2021',
    });
    expect((await get(server, '/design?location=Paro')).status).toBe(200);
    logged += 10;
  });

  it(`keeps every real page through ${FLOOD_REQUESTS} junk addresses, and answers / from the cache meanwhile`, async () => {
    // Made, then kept: the second round is answered from the cache.
    for (const page of realPages) await get(server, page);
    for (const page of realPages) await get(server, page);
    const warm = await requestLines(server, logged, realPages.length * 2);
    logged += warm.length;
    const keptBefore = warm.slice(realPages.length).filter((line) => line.cache === 'hit');
    expect(keptBefore.map((line) => line.path)).toEqual(realPages);

    // How fast / stays meanwhile is bench/page-cache-junk.ts's figure; here, that it is answered, and from the cache.
    let flooding = true;
    const probes: number[] = [];
    const probe = (async () => {
      while (flooding) probes.push((await get(server, '/')).status);
    })();
    const targets = Array.from({ length: FLOOD_REQUESTS }, (_, index) => junk(index));
    expect(new Set(targets).size).toBe(FLOOD_REQUESTS);
    await floodInWorker(server.url, targets, FLOOD_CONCURRENCY);
    flooding = false;
    await probe;
    for (let round = 0; round < 20; round += 1) probes.push((await get(server, '/')).status);
    expect(probes.every((status) => status === 200)).toBe(true);

    for (const page of realPages) await get(server, page);
    const lines = await requestLines(server, logged, FLOOD_REQUESTS + probes.length + realPages.length);
    const home = lines.filter((line) => line.path === '/');
    expect(home).toHaveLength(probes.length + 1);
    expect(home.every((line) => line.cache === 'hit')).toBe(true);
    const keptAfter = lines.slice(-realPages.length).filter((line) => line.cache === 'hit');
    expect(keptAfter.map((line) => line.path)).toEqual(keptBefore.map((line) => line.path));
    // Room for a machine busy with other work; how fast it goes is the bench's.
  }, 240_000);
});
