import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNotModified, keptUpload, UploadMemory } from '../../server/http/upload-memory';
import { DiskStorage } from '../../server/storage/disk-storage';

const LIMITS = { maxFileBytes: 4096, maxBytes: 64 * 1024, recheckMs: 10_000 };
const COMMON: [string, string][] = [['Cache-Control', 'public, max-age=31536000, immutable']];
const MODIFIED = new Date('2026-11-20T08:30:15.250Z');

function imageOf(bytes: number, etag = 'W/"1-2"') {
  return keptUpload(Buffer.alloc(bytes, 7), { contentType: 'image/avif', etag, lastModified: MODIFIED }, COMMON);
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, move: (ms: number) => (now += ms) };
}

describe('UploadMemory', () => {
  it('holds no more bytes than its bound, however many images it is given, and no image over the file limit', () => {
    const time = clock();
    const memory = new UploadMemory(LIMITS, time.now);
    for (let index = 0; index < 200; index += 1) {
      memory.keep(`project/a${index}-0123456789abcdef-800.avif`, imageOf(4000), memory.readToken());
      expect(memory.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
    }
    // About 4 KB an image in 64 KiB: the fifteen most recent, the others dropped.
    expect(memory.find('project/a199-0123456789abcdef-800.avif')).toBeDefined();
    expect(memory.find('project/a0-0123456789abcdef-800.avif')).toBeUndefined();
    expect(memory.bytes).toBeGreaterThan(LIMITS.maxBytes - 2 * 4500);

    memory.keep('project/big-0123456789abcdef.jpg', imageOf(LIMITS.maxFileBytes + 1), memory.readToken());
    expect(memory.find('project/big-0123456789abcdef.jpg')).toBeUndefined();
  });

  it('answers a copy until it is due to be read again, counted from when its read began, then as the last known', () => {
    const time = clock();
    const memory = new UploadMemory(LIMITS, time.now);
    const token = memory.readToken();
    time.move(300);
    const image = imageOf(100);
    memory.keep('project/a-0123456789abcdef-400.webp', image, token);
    time.move(LIMITS.recheckMs - 301);
    expect(memory.find('project/a-0123456789abcdef-400.webp')).toBe(image);
    time.move(1);
    expect(memory.find('project/a-0123456789abcdef-400.webp')).toBeUndefined();
    // Kept until read again, for when the image store cannot be read.
    expect(memory.lastKnown('project/a-0123456789abcdef-400.webp')).toBe(image);
    const reread = imageOf(100);
    memory.keep('project/a-0123456789abcdef-400.webp', reread, memory.readToken());
    expect(memory.find('project/a-0123456789abcdef-400.webp')).toBe(reread);
    memory.forget(['project/a-0123456789abcdef-400.webp']);
    expect(memory.lastKnown('project/a-0123456789abcdef-400.webp')).toBeUndefined();
    expect(memory.bytes).toBe(0);
  });

  it('forgets the names it is told, and keeps nothing a read begun before that made', () => {
    const memory = new UploadMemory(LIMITS, clock().now);
    memory.keep('project/a-0123456789abcdef-400.webp', imageOf(100), memory.readToken());
    const before = memory.readToken();
    memory.forget(['project/a-0123456789abcdef-400.webp']);
    expect(memory.find('project/a-0123456789abcdef-400.webp')).toBeUndefined();
    // A read that was under way when the file was deleted may hold its old bytes.
    memory.keep('project/a-0123456789abcdef-400.webp', imageOf(100), before);
    expect(memory.find('project/a-0123456789abcdef-400.webp')).toBeUndefined();
    memory.keep('project/a-0123456789abcdef-400.webp', imageOf(100), memory.readToken());
    expect(memory.find('project/a-0123456789abcdef-400.webp')).toBeDefined();
  });

  it('is told by the storage of every name it writes or deletes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-upload-memory-'));
    try {
      const storage = new DiskStorage(dir);
      const told: string[][] = [];
      storage.changes.listen((names) => told.push([...names]));
      await storage.put('project/a-0123456789abcdef-400.webp', Buffer.from('one'), 'image/webp');
      await storage.delete(['project/a-0123456789abcdef-400.webp', 'project/b-0123456789abcdef-400.webp']);
      expect(told).toEqual([
        ['project/a-0123456789abcdef-400.webp'],
        ['project/a-0123456789abcdef-400.webp', 'project/b-0123456789abcdef-400.webp'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a kept answer', () => {
  it('carries the common headers and the file’s own; its 304 leaves out the Content-* ones', () => {
    const image = imageOf(10, '"abc"');
    expect(image.headers).toEqual([
      'Cache-Control',
      'public, max-age=31536000, immutable',
      'Last-Modified',
      'Fri, 20 Nov 2026 08:30:15 GMT',
      'ETag',
      '"abc"',
      'Content-Type',
      'image/avif',
      'Content-Length',
      '10',
    ]);
    expect(image.notModifiedHeaders).toEqual(image.headers.slice(0, 6));
  });

  it('is not modified as express.static judged it', () => {
    const image = imageOf(10, 'W/"a-1"');
    const notModified = (headers: Record<string, string>) => isNotModified(headers, image);
    expect(notModified({})).toBe(false);
    expect(notModified({ 'if-none-match': 'W/"a-1"' })).toBe(true);
    expect(notModified({ 'if-none-match': '"a-1"' })).toBe(true);
    expect(notModified({ 'if-none-match': '"x", W/"a-1"' })).toBe(true);
    expect(notModified({ 'if-none-match': '*' })).toBe(true);
    expect(notModified({ 'if-none-match': '"b-2"' })).toBe(false);
    expect(notModified({ 'if-none-match': 'W/"a-1"', 'cache-control': 'no-cache' })).toBe(false);
    expect(notModified({ 'if-modified-since': 'Fri, 20 Nov 2026 08:30:15 GMT' })).toBe(true);
    expect(notModified({ 'if-modified-since': 'Fri, 20 Nov 2026 08:30:14 GMT' })).toBe(false);
    expect(notModified({ 'if-modified-since': 'not a date' })).toBe(false);
    // Both sent: both must hold.
    expect(notModified({ 'if-none-match': 'W/"a-1"', 'if-modified-since': 'Fri, 20 Nov 2026 08:30:14 GMT' })).toBe(
      false,
    );
  });
});
