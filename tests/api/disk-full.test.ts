import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages';
import { parseVariants } from '../../server/services/media/images';
import { TEMP_PREFIX } from '../../server/storage/disk-storage';
import { api, form } from '../support/api-client';
import { adminOf, CONTACT_MESSAGE_DEFAULTS, createProject, jpeg, TESTIMONIAL_DEFAULTS } from '../support/factories';
import { imageBlob, makeNoisyImage } from '../support/images';
import { storedFiles } from '../support/test-media';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 26: the disk fills. The server's DATA_DIR (the SQLite file and uploads/) is a small tmpfs this file mounts,
 * which a filler file then fills. Image uploads and JSON writes answer 507 in words and leave nothing half written,
 * reads go on, and once the filler is gone writes work again and SQLite's integrity check says ok. Mounting needs
 * root; elsewhere the file is skipped with a line saying so.
 */

type MediaRow = { path: string; variants: string };

const DISK_MB = 40;
/** Room left for the first step: a few SQLite pages fit, a photograph does not. */
const HEADROOM_BYTES = 128 * 1024;
/** Public pages the page cache holds before the disk fills. */
const CACHED_PAGES = ['/', '/about', '/contact', '/design', '/blog'];

/** Mounts the tmpfs, or says why it cannot. */
function mountSmallDisk(): { dir: string } | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: 'not running as root' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-disk-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    fs.rmdirSync(dir);
    return { reason: `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` };
  }
}

const disk = mountSmallDisk();
if ('reason' in disk) console.log(`Skipping the disk-full tests: ${disk.reason}.`);
const dataDir = 'dir' in disk ? disk.dir : '';
const filler = path.join(dataDir, 'filler');

function freeBytes(): number {
  const stats = fs.statfsSync(dataDir);
  return stats.bavail * stats.bsize;
}

/** Grows the filler until `leave` bytes are free, or none at all when `leave` is 0. */
function fillDisk(leave: number): void {
  const fd = fs.openSync(filler, 'a');
  try {
    for (let room = freeBytes() - leave; room >= 4096; room = freeBytes() - leave) {
      fs.writeSync(fd, Buffer.alloc(Math.min(room, 1024 * 1024), 1));
    }
    if (leave === 0) {
      // The last pages, and the last bytes of a page, until the file system says no.
      for (;;) fs.writeSync(fd, Buffer.alloc(1, 1));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

describe.skipIf('reason' in disk)('a full disk', () => {
  let server: TestServer;
  let cookie: string;
  let projectPage: string;
  let projectImage: string;
  const acknowledged = new Set<string>();
  let sent = 0;

  beforeAll(async () => {
    server = await startTestServer(
      { CONTACT_RATE_LIMIT_MAX: '100000', CONTACT_FLOOD_PER_HOUR: '100000', MEDIA_STORAGE: 'disk' },
      dataDir,
    );
    cookie = await server.login();
    const project = await createProject(adminOf(server, cookie), { title: 'Paro house' }, [await jpeg()]);
    projectPage = `/project/${project.id}`;
    projectImage = `/uploads/${project.image}`;
    for (let count = 0; count < 3; count += 1) expect((await sendMessage()).status).toBe(200);
    for (const page of [...CACHED_PAGES, projectPage]) expect((await fetch(`${server.url}${page}`)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if ('dir' in disk) {
      execFileSync('umount', ['--lazy', disk.dir]);
      fs.rmdirSync(disk.dir);
    }
  });

  function sendMessage(): Promise<{ status: number; body: unknown }> {
    const message = `Disk test message ${(sent += 1)}: ${'A house of rammed earth in Haa. '.repeat(120).trim()}`;
    return api(server, 'POST', '/api/contact', { json: { ...CONTACT_MESSAGE_DEFAULTS, message } }).then((answer) => {
      if (answer.status === 200) acknowledged.add(message);
      return answer;
    });
  }

  it('refuses an image upload with 507 and leaves no file of it, whole or partial', async () => {
    const before = await storedFiles({ dataDir });
    fillDisk(HEADROOM_BYTES);
    // The first image's five files fit and are written, then removed when the photograph's first file does not fit.
    const small = await jpeg('small.jpg', 600, 400);
    const photo = { name: 'photo.jpg', data: imageBlob(await makeNoisyImage(800, 600)) };
    const started = performance.now();
    const answer = await api(server, 'POST', '/api/media/upload', {
      cookie,
      form: form({}, { images: [small, photo] }),
    });
    const ms = performance.now() - started;
    const after = await storedFiles({ dataDir });
    console.log(
      `Disk full (${Math.round(freeBytes() / 1024)} KB left of ${DISK_MB} MB): an upload of two images answered ` +
        `${answer.status} in ${Math.round(ms)} ms; uploads/ held ${before.length} files before and ` +
        `${after.length} after`,
    );
    expect(answer.status).toBe(507);
    expect(answer.body).toEqual({ error: MESSAGES.diskFull });
    expect(after).toEqual(before);
  });

  it('refuses writes with 507 once the database cannot grow, and keeps every one it acknowledged', async () => {
    fillDisk(0);
    const statuses: number[] = [];
    let refusal: { status: number; body: unknown } | undefined;
    // The WAL may still have room from earlier writes; each message needs more until it has none.
    while (statuses.length < 500) {
      const answer = await sendMessage();
      statuses.push(answer.status);
      if (answer.status !== 200) {
        refusal = answer;
        break;
      }
    }
    const testimonial = await api(server, 'POST', '/api/testimonials', { cookie, json: TESTIMONIAL_DEFAULTS });
    const page = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { origin: server.origin },
      body: new URLSearchParams({ ...CONTACT_MESSAGE_DEFAULTS, message: 'Sent without JavaScript.' }),
    });
    const html = await page.text();
    console.log(
      `Disk full (0 bytes left): ${statuses.length - 1} contact messages were stored before the WAL could not ` +
        `grow, then ${refusal?.status}; a new testimonial answered ${testimonial.status}, the contact page's form ` +
        `${page.status}`,
    );
    expect(refusal?.status).toBe(507);
    expect(refusal?.body).toEqual({ error: MESSAGES.diskFull });
    expect(testimonial.status).toBe(507);
    expect(testimonial.body).toEqual({ error: MESSAGES.diskFull });
    expect(page.status).toBe(507);
    expect(html).toContain(MESSAGES.diskFull.replace("'", '&#x27;'));
  });

  it('goes on answering reads: pages, the API, images, the dashboard', async () => {
    const reads = [
      ...CACHED_PAGES,
      projectPage,
      '/build',
      '/api/projects',
      '/api/clients',
      projectImage,
      '/api/contacts',
      '/dashboard/messages',
    ];
    const answers: string[] = [];
    for (const read of reads) {
      const response = await fetch(
        `${server.url}${read}`,
        read.includes('contacts') || read.startsWith('/dashboard') ? { headers: { cookie } } : {},
      );
      await response.arrayBuffer();
      answers.push(`${read} ${response.status}`);
      expect(response.status, read).toBe(200);
    }
    console.log(`Disk full: ${answers.length} reads, all 200 (${answers.join(', ')})`);
  });

  it('saves again once space returns, and SQLite finds the database whole', async () => {
    fs.rmSync(filler);
    const started = performance.now();
    expect((await sendMessage()).status).toBe(200);
    const upload = await api(server, 'POST', '/api/media/upload', {
      cookie,
      form: form({}, { images: [await jpeg('after.jpg', 800, 600)] }),
    });
    expect(upload.status).toBe(201);
    const recoveredMs = performance.now() - started;
    expect(server.output()).toContain('request failed: disk full');
    expect(server.output()).not.toMatch(/^\s+at /m);
    await server.stop();

    const sqlite = new SQLite(path.join(dataDir, 'studio.sqlite'), { readonly: true });
    try {
      const integrity = sqlite.pragma('integrity_check', { simple: true });
      const stored = new Set(
        (sqlite.prepare('select message from contacts').all() as { message: string }[]).map((row) => row.message),
      );
      const lost = [...acknowledged].filter((message) => !stored.has(message));
      const rows = sqlite.prepare('select path, variants from media_items').all() as MediaRow[];
      const referenced = new Set(
        rows.flatMap((row) => [row.path, ...parseVariants(row.variants).map((variant) => variant.path)]),
      );
      const files = await storedFiles({ dataDir });
      console.log(
        `Space back: a message and an upload saved within ${Math.round(recoveredMs)} ms; integrity_check ` +
          `"${String(integrity)}"; ${acknowledged.size} messages acknowledged, ${lost.length} lost; ` +
          `${files.length} files in uploads/, all named by a media row`,
      );
      expect(integrity).toBe('ok');
      expect(lost).toEqual([]);
      expect(files.filter((name) => path.basename(name).startsWith(TEMP_PREFIX))).toEqual([]);
      expect(files.filter((name) => !referenced.has(name))).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
