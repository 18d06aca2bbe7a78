/**
 * `npm run bench:proxied` (not part of `npm run bench` nor of CI: it needs Debian's nginx, `apt-get install
 * nginx-light`): two instances of the production server on one PostgreSQL (a schema of its own at
 * TEST_POSTGRES_URL) and one bucket (s3rver), behind nginx as docs/deploy.md configures it, under the mixed load
 * of bench/load.ts; a third of the way in, one instance is stopped with SIGTERM and started again.
 *
 * Target (issue 26): no error and no 5xx through nginx while it happens (the contact form's per-address 429s are
 * intended). Prints the rate, latencies, statuses, and how long the instance was away. Exits with 1 on a miss.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropPostgresSchema, postgresUrlFor, probePostgres } from '../tests/support/test-database';
import { testBucket } from '../tests/support/test-media';
import { freePort } from '../tests/support/test-server';
import { discover, drive, MIX, newTally, percentile } from './support/mixed-load';
import { startSite, stop } from './support/site-server';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const CONNECTIONS = 50;
const ACCEPT_ENCODING = 'gzip, br';

function nginxConfig(folder: string, port: number, upstreams: number[]): string {
  return `worker_processes 2;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  client_max_body_size 60m;
  upstream studio {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://studio;
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request refused by an instance that is stopping goes to the other one; one it has answered is never sent twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }
  }
}
`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(NGINX)) throw new Error(`No nginx at ${NGINX}: apt-get install nginx-light, or set NGINX_PATH.`);
  const unreachable = await probePostgres();
  if (unreachable) throw new Error(`No PostgreSQL at TEST_POSTGRES_URL: ${unreachable}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-proxied-'));
  const dataDirs = [path.join(folder, 'a'), path.join(folder, 'b')];
  for (const dir of dataDirs) fs.mkdirSync(dir);
  const url = await postgresUrlFor(folder);
  const bucket = await testBucket(folder);
  const port = await freePort();
  const shared = {
    DATABASE_URL: url,
    ...bucket.env,
    SECRET_KEY: randomBytes(32).toString('base64'),
    TRUST_PROXY: '1',
    LOG_REQUESTS: '0',
    SITE_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: '1',
  };
  let exitCode = 0;
  let nginx: ReturnType<typeof spawn> | undefined;
  const sites: Awaited<ReturnType<typeof startSite>>[] = [];
  try {
    console.log('proxied: seeding the demo content through the first instance (a while)…');
    sites.push(await startSite(dataDirs[0]!, { ...shared, SEED_DEMO: '1' }));
    sites.push(await startSite(dataDirs[1]!, shared));
    const ports = sites.map((site) => Number(new URL(site.url).port));
    fs.writeFileSync(path.join(folder, 'nginx.conf'), nginxConfig(folder, port, ports));
    execFileSync(NGINX, ['-t', '-q', '-c', path.join(folder, 'nginx.conf')]);
    nginx = spawn(NGINX, ['-c', path.join(folder, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt += 1) {
      const ready = await fetch(`${base}/api/health`).catch(() => undefined);
      if (ready?.ok) break;
      if (attempt > 50) throw new Error('nginx did not answer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const targets = await discover(base);
    console.log(
      `proxied: nginx on ${base} in front of instances on ports ${ports.join(' and ')}; ${DURATION_S} s of the ` +
        `mixed load at ${CONNECTIONS} connections; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const tally = newTally();
    const running = drive(base, targets, DURATION_S, CONNECTIONS, tally, { acceptEncoding: ACCEPT_ENCODING });
    await new Promise((resolve) => setTimeout(resolve, (DURATION_S * 1000) / 3));
    const stoppedAt = Date.now();
    await stop(sites[0]!.child);
    const stoppedInMs = Date.now() - stoppedAt;
    sites[0] = await startSite(dataDirs[0]!, { ...shared, PORT: String(ports[0]) });
    const awayMs = Date.now() - stoppedAt;
    const result = await running;

    const answers = Object.values(tally.byKind).flatMap((counts) => [...counts]);
    const count = (test: (status: number) => boolean) =>
      answers.filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
    const serverErrors = count((status) => status >= 500);
    const unexpected = Object.entries(tally.byKind).flatMap(([kind, counts]) =>
      [...counts].filter(([status]) => status >= 400 && !(kind === 'contact' && status === 429)),
    );
    console.log(
      `instance A    stopped (SIGTERM) in ${(stoppedInMs / 1000).toFixed(1)} s, answering again ` +
        `${(awayMs / 1000).toFixed(1)} s after the signal`,
    );
    console.log(`rate          ${result.requests.average.toFixed(0)} req/s through nginx`);
    for (const { kind } of MIX) {
      const sorted = tally.latencies[kind].sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(8)} ${String(sorted.length).padStart(7)} answers   p50 ${percentile(sorted, 0.5)} ms   ` +
          `p99 ${percentile(sorted, 0.99)} ms   ${[...tally.byKind[kind]].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
      );
    }
    console.log(
      `errors        ${serverErrors} answers 5xx, ${result.errors} socket errors or timeouts, ` +
        `${unexpected.reduce((sum, [, n]) => sum + n, 0)} other failed answers`,
    );
    if (serverErrors > 0 || result.errors > 0 || unexpected.length > 0) {
      console.log('target MISSED: errors through nginx while an instance restarted');
      exitCode = 1;
    } else {
      console.log('target met: no error through nginx while an instance restarted');
    }
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    for (const site of sites) await stop(site.child);
    await dropPostgresSchema(folder);
    fs.rmSync(folder, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

await main();
