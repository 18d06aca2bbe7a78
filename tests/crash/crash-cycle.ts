import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import type { MediaItem, Project } from '../../core/types';
import { parseVariants } from '../../server/services/media/images';
import { api, form } from '../support/api-client';
import { imageBlob, makeImage } from '../support/images';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The crash test of issue 5 ("Nothing lost"): starts the production server on
 * one data folder, lets concurrent writers post contact messages, create
 * projects with images, update them (replacing their images half the time),
 * upload to the media library and delete some of it,
 * kills the server with SIGKILL in the middle of that, and checks what is on
 * disk: the SQLite file is sound, every write the server acknowledged (a 2xx
 * answer received in full) is there, every media row's files exist and decode
 * completely, and the next start-up removes the temporary and unreferenced
 * files the kill left behind.
 */

export type WriteKind = 'contact' | 'project' | 'projectUpdate' | 'media' | 'projectDelete' | 'mediaDelete';
const WRITE_KINDS: WriteKind[] = ['contact', 'project', 'projectUpdate', 'media', 'projectDelete', 'mediaDelete'];

export interface CrashTestOptions {
  cycles: number;
  /** Concurrent writers while the server runs (default 4). */
  writersPerCycle?: number;
  /** How long the writers run before the kill, drawn in this range (default 300–1500 ms). */
  minRunMs?: number;
  maxRunMs?: number;
  /** Keep the data folder afterwards (it is always kept when something failed). */
  keepDataDir?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface CycleResult {
  cycle: number;
  runMs: number;
  acknowledged: Record<WriteKind, number>;
  /** Requests cut off by the kill: no full answer, so no promise made. */
  interrupted: number;
  /** 429 answers (a rate limit got in the way; not a durability problem). */
  rateLimited: number;
  integrity: string;
  foreignKeyProblems: number;
  /** Found on disk after the kill, before the restart. */
  tempFilesAtCrash: number;
  orphansAtCrash: number;
  /** Planted after the kill (one of each per cycle), see `plantLeftovers`. */
  planted: { tempFiles: number; orphans: number };
  /** Still there, natural or planted, once the restarted server was ready (must be 0). */
  tempFilesAfterRestart: number;
  orphansAfterRestart: number;
}

export interface CrashTestResult {
  dataDir: string;
  cycles: CycleResult[];
  acknowledged: Record<WriteKind, number>;
  interrupted: number;
  rateLimited: number;
  tempFilesAtCrash: number;
  tempFilesAfterRestart: number;
  orphansAtCrash: number;
  orphansAfterRestart: number;
  /** Leftovers planted after the kills, also removed by the restarts. */
  planted: { tempFiles: number; orphans: number };
  /** Rows at the end, after a clean stop. */
  rows: { contacts: number; projects: number; mediaItems: number };
  /** Image files decoded in full at least once. */
  filesDecoded: number;
  failures: string[];
}

/** What the writers were promised, across cycles. */
interface Expectations {
  contacts: Set<string>;
  /**
   * Acknowledged projects and the states they may be in: the last acknowledged
   * title and image paths, plus the one update in flight when the server died
   * (its paths unknown: null).
   */
  projects: Map<number, { title: string; paths: string[] | null }[]>;
  /** Projects with an update in flight or cut off: no further updates or deletions. */
  busyProjects: Set<number>;
  /** Acknowledged library uploads: media id → path. */
  media: Map<number, string>;
  /** Acknowledged deletions: must be gone. */
  deletedProjects: Set<number>;
  deletedMedia: Set<number>;
  /** Deletions sent but not acknowledged: may or may not have happened. */
  maybeDeletedProjects: Set<number>;
  maybeDeletedMedia: Set<number>;
}

interface DiskReport {
  integrity: string;
  foreignKeyProblems: number;
  tempFiles: string[];
  orphans: string[];
  rows: { contacts: number; projects: number; mediaItems: number };
  failures: string[];
}

const ADMIN_ENV = {
  LOG_REQUESTS: '0',
  // The contact form's per-address limit (being added) must not refuse the writers.
  CONTACT_RATE_LIMIT_MAX: '100000',
  CONTACT_FLOOD_PER_HOUR: '100000',
};

const PROJECT_FIELDS = {
  description: 'Written by the crash test.',
  year: '2025',
  location: 'Thimphu',
  category: 'Private Homes',
};

function randomBetween(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

/** A project no writer is changing or deleting, if there is one. */
function pickIdleProject(expected: Expectations): number | undefined {
  const idle = [...expected.projects.keys()].filter(
    (id) =>
      !expected.deletedProjects.has(id) && !expected.maybeDeletedProjects.has(id) && !expected.busyProjects.has(id),
  );
  return idle.length > 0 ? pick(idle) : undefined;
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function emptyCounts(): Record<WriteKind, number> {
  return { contact: 0, project: 0, projectUpdate: 0, media: 0, projectDelete: 0, mediaDelete: 0 };
}

function listFiles(dir: string): { relative: string; name: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({
      relative: path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      name: entry.name,
    }));
}

/**
 * Reads the data folder while no server writes to it (or while one sits idle):
 * database soundness, the promises kept, and the files. `decoded` remembers
 * files already decoded in full (they never change once named).
 */
async function inspectDisk(dataDir: string, expected: Expectations, decoded: Set<string>): Promise<DiskReport> {
  const failures: string[] = [];
  const uploadsDir = path.join(dataDir, 'uploads');
  const sqlite = new SQLite(path.join(dataDir, 'studio.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    if (integrity !== 'ok') failures.push(`integrity_check: ${integrity}`);
    const foreignKeyProblems = (sqlite.pragma('foreign_key_check') as unknown[]).length;
    if (foreignKeyProblems > 0) failures.push(`foreign_key_check: ${foreignKeyProblems} problem(s)`);

    const messages = new Set(
      (sqlite.prepare('SELECT message FROM contacts').all() as { message: string }[]).map((row) => row.message),
    );
    for (const message of expected.contacts) {
      if (!messages.has(message)) failures.push(`acknowledged contact message missing: "${message}"`);
    }

    // A deletion moves the row to the Trash (decision 036): deleted_at set, the row and its files kept for 30 days.
    const projectIds = new Set(
      (sqlite.prepare('SELECT id FROM projects WHERE deleted_at IS NULL').all() as { id: number }[]).map(
        (row) => row.id,
      ),
    );
    const imagesOf = sqlite.prepare(
      'SELECT m.path FROM project_images pi JOIN media_items m ON m.id = pi.media_id WHERE pi.project_id = ?',
    );
    const titleOf = sqlite.prepare('SELECT title FROM projects WHERE id = ?');
    const sameSet = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
    for (const [id, states] of expected.projects) {
      if (expected.deletedProjects.has(id) || expected.maybeDeletedProjects.has(id)) continue;
      if (!projectIds.has(id)) {
        failures.push(`acknowledged project ${id} missing`);
        continue;
      }
      const title = (titleOf.get(id) as { title: string }).title;
      const stored = (imagesOf.all(id) as { path: string }[]).map((row) => row.path);
      if (!states.some((state) => state.title === title && (state.paths === null || sameSet(state.paths, stored)))) {
        failures.push(
          `project ${id} is "${title}" with images ${stored.join(', ')}; acknowledged ` +
            states.map((state) => `"${state.title}" with ${state.paths?.join(', ') ?? 'new images'}`).join(' or '),
        );
      }
    }
    for (const id of expected.deletedProjects) {
      if (projectIds.has(id)) failures.push(`project ${id} still there after its deletion was acknowledged`);
    }

    interface MediaRow {
      id: number;
      path: string;
      bytes: number;
      width: number;
      height: number;
      variants: string;
      trashed: number;
    }
    const mediaRows = sqlite
      .prepare('SELECT id, path, bytes, width, height, variants, deleted_at IS NOT NULL AS trashed FROM media_items')
      .all() as MediaRow[];
    const mediaById = new Map(mediaRows.map((row) => [row.id, row]));
    for (const [id, stored] of expected.media) {
      if (expected.deletedMedia.has(id) || expected.maybeDeletedMedia.has(id)) continue;
      const row = mediaById.get(id);
      if (!row) failures.push(`acknowledged media item ${id} missing`);
      else if (row.path !== stored) failures.push(`media item ${id} points at ${row.path}, acknowledged ${stored}`);
    }
    for (const id of expected.deletedMedia) {
      if (mediaById.get(id)?.trashed === 0) {
        failures.push(`media item ${id} still there after its deletion was acknowledged`);
      }
    }

    // Every row's files: there, not empty, and decodable to the last byte.
    const referenced = new Set<string>();
    for (const row of mediaRows) {
      const files = [
        { path: row.path, width: row.width, height: row.height, bytes: row.bytes },
        ...parseVariants(row.variants).map((variant) => ({ ...variant, bytes: undefined })),
      ];
      for (const file of files) {
        referenced.add(file.path);
        const absolute = path.join(uploadsDir, file.path);
        const size = fs.statSync(absolute, { throwIfNoEntry: false })?.size;
        if (size === undefined) {
          failures.push(`media item ${row.id}: file ${file.path} is missing`);
          continue;
        }
        if (size === 0 || (file.bytes !== undefined && size !== file.bytes)) {
          failures.push(
            `media item ${row.id}: file ${file.path} has ${size} bytes, the row says ${file.bytes ?? '> 0'}`,
          );
          continue;
        }
        if (decoded.has(file.path)) continue;
        try {
          const { info } = await sharp(absolute, { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
          if (info.width !== file.width || info.height !== file.height) {
            failures.push(
              `media item ${row.id}: file ${file.path} is ${info.width}×${info.height}, the row says ${file.width}×${file.height}`,
            );
          } else {
            decoded.add(file.path);
          }
        } catch (error) {
          failures.push(`media item ${row.id}: file ${file.path} does not decode: ${String(error)}`);
        }
      }
    }

    const files = listFiles(uploadsDir);
    const tempFiles = files.filter((file) => file.name.startsWith('.tmp-')).map((file) => file.relative);
    const orphans = files
      .filter((file) => !file.name.startsWith('.tmp-') && !referenced.has(file.relative))
      .map((file) => file.relative);

    const count = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      integrity,
      foreignKeyProblems,
      tempFiles,
      orphans,
      rows: { contacts: count('contacts'), projects: count('projects'), mediaItems: mediaRows.length },
      failures,
    };
  } finally {
    sqlite.close();
  }
}

interface Fixture {
  data: Blob;
  name: string;
}

/** Small images, so many writes fit in a cycle; each still gets one or both variant widths (400, 800). */
async function makeFixtures(): Promise<Fixture[]> {
  return [
    { data: imageBlob(await makeImage(1000, 640, 'jpeg', { r: 150, g: 70, b: 40 })), name: 'wall.jpg' },
    { data: imageBlob(await makeImage(640, 480, 'png', { r: 40, g: 90, b: 140 }), 'image/png'), name: 'plan.png' },
    { data: imageBlob(await makeImage(560, 560, 'webp', { r: 60, g: 130, b: 60 }), 'image/webp'), name: 'site.webp' },
    { data: imageBlob(await makeImage(600, 400, 'jpeg', { r: 200, g: 180, b: 90 })), name: 'door.jpg' },
  ];
}

/** One cycle's writers: each loops over random writes until `stop` is set or the server dies. */
async function runWriters(
  server: TestServer,
  cookie: string,
  cycle: number,
  writers: number,
  fixtures: Fixture[],
  expected: Expectations,
  control: { stopped: boolean; killedAt: number; signal: AbortSignal },
  result: CycleResult,
  failures: string[],
): Promise<void> {
  let serial = 0;
  const call = async (
    kind: WriteKind,
    send: () => Promise<{ status: number; body: unknown }>,
    onAcknowledged: (body: unknown) => void,
    onInterrupted: () => void = () => {},
  ): Promise<boolean> => {
    let answer: { status: number; body: unknown };
    try {
      answer = await send();
    } catch (error) {
      onInterrupted();
      if (control.killedAt === 0) failures.push(`cycle ${cycle}: ${kind} failed before the kill: ${String(error)}`);
      else result.interrupted += 1;
      return false;
    }
    if (answer.status >= 200 && answer.status < 300) {
      onAcknowledged(answer.body);
      result.acknowledged[kind] += 1;
      return true;
    }
    onInterrupted();
    if (answer.status === 429) result.rateLimited += 1;
    else failures.push(`cycle ${cycle}: ${kind} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return false;
  };
  const options = (extra: Parameters<typeof api>[3] = {}) => ({ cookie, signal: control.signal, ...extra });

  const writer = async (index: number) => {
    while (!control.stopped) {
      const roll = Math.random();
      const n = (serial += 1);
      if (roll < 0.4) {
        const message = `crash test: cycle ${cycle}, writer ${index}, write ${n}, ${Math.random().toString(36).slice(2)}`;
        await call(
          'contact',
          () =>
            api(server, 'POST', '/api/contact', {
              signal: control.signal,
              json: { name: 'Crash Test', email: 'crash@example.com', phone: '', message },
            }),
          () => expected.contacts.add(message),
        );
      } else if (roll < 0.65) {
        const images = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => pick(fixtures));
        await call(
          'project',
          () =>
            api<{ data: Project }>(
              server,
              'POST',
              '/api/projects',
              options({ form: form({ ...PROJECT_FIELDS, title: `Crash ${cycle}-${index}-${n}` }, { images }) }),
            ),
          (body) => {
            const project = (body as { data: Project }).data;
            expected.projects.set(project.id, [
              { title: project.title, paths: project.imageDetails.map((image) => image.path) },
            ]);
          },
        );
      } else if (roll < 0.75) {
        const id = pickIdleProject(expected);
        if (id === undefined) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        const title = `Crash ${cycle}-${index}-${n} (updated)`;
        const images = Math.random() < 0.5 ? [pick(fixtures)] : [];
        const states = expected.projects.get(id)!;
        // Until answered, the project may hold the old state or the new one.
        states.push({ title, paths: images.length > 0 ? null : states.at(-1)!.paths });
        expected.busyProjects.add(id);
        await call(
          'projectUpdate',
          () =>
            api<{ data: Project }>(
              server,
              'PUT',
              `/api/projects/${id}`,
              options({ form: form({ title }, images.length > 0 ? { images } : {}) }),
            ),
          (body) => {
            const project = (body as { data: Project }).data;
            expected.projects.set(id, [{ title, paths: project.imageDetails.map((image) => image.path) }]);
            expected.busyProjects.delete(id);
          },
        );
      } else if (roll < 0.9) {
        const images = Array.from({ length: 1 + Math.floor(Math.random() * 2) }, () => pick(fixtures));
        await call(
          'media',
          () => api(server, 'POST', '/api/media/upload', options({ form: form({}, { images }) })),
          (body) => {
            for (const item of (body as { items: MediaItem[] }).items) expected.media.set(item.id, item.url);
          },
        );
      } else if (roll < 0.95) {
        const id = pickIdleProject(expected);
        if (id === undefined) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        expected.maybeDeletedProjects.add(id);
        const done = await call(
          'projectDelete',
          () => api(server, 'DELETE', `/api/projects/${id}`, options()),
          () => expected.deletedProjects.add(id),
        );
        if (done) expected.maybeDeletedProjects.delete(id);
      } else {
        const candidates = [...expected.media.keys()].filter(
          (id) => !expected.deletedMedia.has(id) && !expected.maybeDeletedMedia.has(id),
        );
        if (candidates.length === 0) {
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        const id = pick(candidates);
        expected.maybeDeletedMedia.add(id);
        const done = await call(
          'mediaDelete',
          () => api(server, 'DELETE', `/api/media/${id}`, options()),
          () => expected.deletedMedia.add(id),
        );
        if (done) expected.maybeDeletedMedia.delete(id);
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, index) => writer(index + 1)));
}

/**
 * A kill lands inside a file write only now and then, so each cycle also
 * leaves what such kills leave: a half-written temporary file, and a complete
 * image under a stored name that no row points at (a kill between the rename
 * and the commit). The restart must remove both; they are counted apart from
 * the ones the kills really left.
 */
function plantLeftovers(dataDir: string, cycle: number, image: Buffer): void {
  const folder = path.join(dataDir, 'uploads', 'library');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `.tmp-planted${cycle}`), image.subarray(0, image.length >> 1));
  const name = `${Date.now().toString(36)}-${'c'.repeat(15)}${cycle % 10}.jpg`;
  fs.writeFileSync(path.join(folder, name), image);
}

/** Runs the whole test; never throws for a failed check, it lists them in `failures`. */
export async function runCrashTest(options: CrashTestOptions): Promise<CrashTestResult> {
  const writers = options.writersPerCycle ?? 4;
  const minRunMs = options.minRunMs ?? 300;
  const maxRunMs = options.maxRunMs ?? 1500;
  const log = options.log ?? (() => {});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-crash-'));
  const fixtures = await makeFixtures();
  const plantedImage = await makeImage(800, 600);
  const expected: Expectations = {
    contacts: new Set(),
    projects: new Map(),
    busyProjects: new Set(),
    media: new Map(),
    deletedProjects: new Set(),
    deletedMedia: new Set(),
    maybeDeletedProjects: new Set(),
    maybeDeletedMedia: new Set(),
  };
  const decoded = new Set<string>();
  const failures: string[] = [];
  const cycles: CycleResult[] = [];
  let rows = { contacts: 0, projects: 0, mediaItems: 0 };

  /** After a start-up: the leftovers of the previous kill must be gone (the server sits idle meanwhile). */
  const checkAfterRestart = async (previous: CycleResult | undefined) => {
    const report = await inspectDisk(dataDir, expected, decoded);
    failures.push(...report.failures.map((line) => `after restart: ${line}`));
    if (!previous) return;
    previous.tempFilesAfterRestart = report.tempFiles.length;
    previous.orphansAfterRestart = report.orphans.length;
    for (const file of report.tempFiles)
      failures.push(`cycle ${previous.cycle}: temporary file left after restart: ${file}`);
    for (const file of report.orphans)
      failures.push(`cycle ${previous.cycle}: unreferenced file left after restart: ${file}`);
  };

  let server: TestServer | undefined;
  try {
    for (let cycle = 1; cycle <= options.cycles; cycle += 1) {
      server = await startTestServer(ADMIN_ENV, dataDir);
      await checkAfterRestart(cycles.at(-1));
      const cookie = await server.login();

      const result: CycleResult = {
        cycle,
        runMs: Math.round(randomBetween(minRunMs, maxRunMs)),
        acknowledged: emptyCounts(),
        interrupted: 0,
        rateLimited: 0,
        integrity: '',
        foreignKeyProblems: 0,
        tempFilesAtCrash: 0,
        orphansAtCrash: 0,
        planted: { tempFiles: 1, orphans: 1 },
        tempFilesAfterRestart: 0,
        orphansAfterRestart: 0,
      };
      cycles.push(result);
      const abort = new AbortController();
      const control = { stopped: false, killedAt: 0, signal: abort.signal };
      const writing = runWriters(server, cookie, cycle, writers, fixtures, expected, control, result, failures);
      await new Promise((resolve) => setTimeout(resolve, result.runMs));
      control.killedAt = Date.now();
      control.stopped = true;
      await server.kill();
      // Sockets of a killed process close at once; the abort only guards against a hang.
      const guard = setTimeout(() => abort.abort(), 5_000);
      await writing;
      clearTimeout(guard);

      const report = await inspectDisk(dataDir, expected, decoded);
      plantLeftovers(dataDir, cycle, plantedImage);
      result.integrity = report.integrity;
      result.foreignKeyProblems = report.foreignKeyProblems;
      result.tempFilesAtCrash = report.tempFiles.length;
      result.orphansAtCrash = report.orphans.length;
      failures.push(...report.failures.map((line) => `cycle ${cycle}, after the kill: ${line}`));
      const acknowledged = WRITE_KINDS.map((kind) => `${kind} ${result.acknowledged[kind]}`).join(', ');
      log(
        `cycle ${cycle}: killed after ${result.runMs} ms; acknowledged ${acknowledged}; ` +
          `${result.interrupted} cut off; integrity ${report.integrity}; ` +
          `${report.tempFiles.length} temporary and ${report.orphans.length} unreferenced file(s) left`,
      );
    }

    // One more start-up cleans the last kill's leftovers; then a clean stop and a last look.
    server = await startTestServer(ADMIN_ENV, dataDir);
    await checkAfterRestart(cycles.at(-1));
    await server.stop();
    server = undefined;
    const final = await inspectDisk(dataDir, expected, decoded);
    failures.push(...final.failures.map((line) => `after a clean stop: ${line}`));
    if (final.tempFiles.length > 0 || final.orphans.length > 0) {
      failures.push(
        `after a clean stop: ${final.tempFiles.length} temporary and ${final.orphans.length} unreferenced file(s)`,
      );
    }
    rows = final.rows;
  } catch (error) {
    failures.push(
      `the test itself stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    await server?.kill();
  }

  const sum = (pickValue: (cycle: CycleResult) => number) =>
    cycles.reduce((total, cycle) => total + pickValue(cycle), 0);
  const acknowledged = emptyCounts();
  for (const kind of WRITE_KINDS) acknowledged[kind] = sum((cycle) => cycle.acknowledged[kind]);
  if (failures.length === 0 && !options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    dataDir,
    cycles,
    acknowledged,
    interrupted: sum((cycle) => cycle.interrupted),
    rateLimited: sum((cycle) => cycle.rateLimited),
    tempFilesAtCrash: sum((cycle) => cycle.tempFilesAtCrash),
    tempFilesAfterRestart: sum((cycle) => cycle.tempFilesAfterRestart),
    orphansAtCrash: sum((cycle) => cycle.orphansAtCrash),
    orphansAfterRestart: sum((cycle) => cycle.orphansAfterRestart),
    planted: { tempFiles: sum((cycle) => cycle.planted.tempFiles), orphans: sum((cycle) => cycle.planted.orphans) },
    rows,
    filesDecoded: decoded.size,
    failures,
  };
}
