import autocannon from 'autocannon';
import { STATIC_PUBLIC_PATHS } from '../../core/site-structure';
import { contactFields } from './visitor-requests';

/**
 * The mixed load of `bench/load.ts` and `bench/proxied.ts`: public pages, GET /api/projects, images and contact
 * posts, each request drawing its kind at random, with what each kind answered and how fast.
 */

/** The mix: the share of requests each kind gets (each request draws its kind at random). */
export const MIX = [
  { kind: 'page', weight: 0.4 },
  { kind: 'api', weight: 0.25 },
  { kind: 'image', weight: 0.25 },
  { kind: 'contact', weight: 0.1 },
] as const;
export type Kind = (typeof MIX)[number]['kind'];

export interface Targets {
  pages: string[];
  images: string[];
}

interface ProjectAnswer {
  id: number;
  imageDetails?: { path: string; variants?: { path: string }[] }[];
}

// ---- discovery ---------------------------------------------------------------------------

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every public page without a parameter, every project and blog post page, every image the projects list. */
export async function discover(base: string): Promise<Targets> {
  const projects = (await getJson<{ data: ProjectAnswer[] }>(`${base}/api/projects`)).data;
  const blogs = (await getJson<{ data: { id: number }[] }>(`${base}/api/blogs`)).data;
  const pages = [
    ...STATIC_PUBLIC_PATHS,
    ...projects.map((project) => `/project/${project.id}`),
    ...blogs.map((blog) => `/blog/${blog.id}`),
  ];
  const images = projects.flatMap((project) =>
    (project.imageDetails ?? []).flatMap((image) => [image.path, ...(image.variants ?? []).map((v) => v.path)]),
  );
  const targets = { pages, images: [...new Set(images)].map((image) => `/uploads/${image}`) };
  // A wrong URL would show up as thousands of failures: check each once first.
  for (const target of [...targets.pages, ...targets.images]) {
    const response = await fetch(base + target);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`discovered ${target} answers ${response.status}`);
  }
  return targets;
}

// ---- the load ----------------------------------------------------------------------------

export interface Tally {
  byKind: Record<Kind, Map<number, number>>;
  latencies: Record<Kind, number[]>;
  socketErrors: Map<string, number>;
  cutAnswers: number;
  /** The slowest answer of each path. */
  slowestByPath: Map<string, number>;
}

export function newTally(): Tally {
  const byKind = {} as Tally['byKind'];
  const latencies = {} as Tally['latencies'];
  for (const { kind } of MIX) {
    byKind[kind] = new Map();
    latencies[kind] = [];
  }
  return { byKind, latencies, socketErrors: new Map(), cutAnswers: 0, slowestByPath: new Map() };
}

function pickKind(): Kind {
  let draw = Math.random();
  for (const { kind, weight } of MIX) {
    draw -= weight;
    if (draw < 0) return kind;
  }
  return MIX[0].kind;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

let contactNumber = 0;

function buildRequest(base: string, targets: Targets, kind: Kind, acceptEncoding: string): autocannon.Request {
  const browserText = { 'Accept-Encoding': acceptEncoding, 'User-Agent': 'studio-load-bench' };
  switch (kind) {
    case 'page':
      return {
        method: 'GET',
        path: pick(targets.pages),
        headers: { ...browserText, Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      };
    case 'api':
      return { method: 'GET', path: '/api/projects', headers: { ...browserText, Accept: 'application/json' } };
    case 'image':
      return {
        method: 'GET',
        path: pick(targets.images),
        headers: { ...browserText, Accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
      };
    case 'contact':
      contactNumber += 1;
      // The four fields of SPEC section 7; no honeypot, no formStartedAt.
      return {
        method: 'POST',
        path: '/api/contact',
        headers: { ...browserText, 'Content-Type': 'application/json', Accept: 'application/json', Origin: base },
        body: JSON.stringify(contactFields(contactNumber)),
      };
  }
}

/**
 * One request description whose setupRequest draws the next kind and target for its connection.
 * With pipelining 1 a connection has one request in flight, so the kind kept in the connection's
 * context is the kind of the answer that onResponse and the 'response' event then report.
 */
export async function drive(
  base: string,
  targets: Targets,
  duration: number,
  connections: number,
  tally: Tally,
  options: { rate?: number; acceptEncoding: string },
): Promise<autocannon.Result> {
  let answeredKind: Kind | undefined;
  let answeredPath = '';
  let finish!: (error: unknown, result: autocannon.Result) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (error, result) => (error ? reject(error) : resolve(result));
  });
  const instance = autocannon(
    {
      url: base,
      connections,
      duration,
      pipelining: 1,
      timeout: 10,
      ...(options.rate ? { overallRate: options.rate } : {}),
      requests: [
        {
          setupRequest: (request, context) => {
            const kind = pickKind();
            const built = buildRequest(base, targets, kind, options.acceptEncoding);
            Object.assign(context, { kind, path: built.path });
            return { ...request, ...built };
          },
          onResponse: (status, _body, context) => {
            // After a timeout autocannon reconnects and may report the cut answer with no status:
            // it is counted among the timeouts already.
            const sent = context as { kind?: Kind; path?: string };
            answeredKind = Number.isInteger(status) ? (sent.kind ?? 'page') : undefined;
            answeredPath = sent.path ?? '';
            if (answeredKind === undefined) {
              tally.cutAnswers += 1;
              return;
            }
            const counts = tally.byKind[answeredKind];
            counts.set(status, (counts.get(status) ?? 0) + 1);
          },
        },
      ],
    },
    (error, result) => finish(error, result),
  );
  // Emitted right after onResponse for the same answer.
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (answeredKind === undefined) return;
    tally.latencies[answeredKind].push(responseTime);
    tally.slowestByPath.set(answeredPath, Math.max(tally.slowestByPath.get(answeredPath) ?? 0, responseTime));
  });
  instance.on('reqError', (error: Error & { code?: string }) => {
    const key = error.code ?? error.message;
    tally.socketErrors.set(key, (tally.socketErrors.get(key) ?? 0) + 1);
  });
  return await finished;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
