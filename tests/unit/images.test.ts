import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseVariants, processImage } from '../../server/services/media/images';
import { DiskStorage, removeLeftoverTempFiles } from '../../server/storage/disk-storage';
import { drawCorpusImage, IMAGE_CORPUS } from '../support/image-corpus';
import { encodeReferenceJpeg, lumaOf, ssimTo } from '../support/image-quality';
import { makeImage } from '../support/images';

/** How far below the JPEG's SSIM a variant may be: the bench's rule lets one case in ten miss by a little. */
const TOLERANCE = 0.002;

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-images-'));
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));
const storage = new DiskStorage(uploads);

/** A tiny, valid PNG whose header claims the given size: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the image pipeline', () => {
  it('refuses a small PNG that claims 50,000×50,000 pixels with 413, before decoding', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = process.memoryUsage().rss;
    await expect(processImage(storage, { buffer: bomb, originalName: 'bomb.png' }, 'library')).rejects.toMatchObject({
      status: 413,
    });
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses SVG and text with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expect(processImage(storage, { buffer: svg, originalName: 'x.svg' }, 'library')).rejects.toMatchObject({
      status: 415,
    });
    await expect(
      processImage(storage, { buffer: Buffer.from('hello'), originalName: 'x.jpg' }, 'library'),
    ).rejects.toMatchObject({ status: 415 });
  });

  it('applies the EXIF orientation and drops the metadata', async () => {
    const sharp = (await import('sharp')).default;
    // 600×300 stored, orientation 6 (rotate 90°): shown as 300×600.
    const rotated = await sharp(await makeImage(600, 300))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const row = await processImage(storage, { buffer: rotated, originalName: 'phone.jpg' }, 'library');
    expect([row.width, row.height]).toEqual([300, 600]);
    const meta = await sharp(path.join(uploads, row.path)).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('stores variants of a photograph that keep the SSIM of mozjpeg at quality 80, in fewer bytes (decision 024)', async () => {
    // The bench's first photograph drawn at 1200×800 and scaled to 600×400, as a camera's frame is scaled down:
    // variants at 400 and 600 px, quick to make and compare.
    const photo = await drawCorpusImage(IMAGE_CORPUS[0]!, 1200);
    const small = await sharp(photo.pixels, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize(600, 400)
      .raw()
      .toBuffer();
    const pixels = () => sharp(small, { raw: { width: 600, height: 400, channels: 3 } });
    const upload = await pixels().png().toBuffer();
    const row = await processImage(storage, { buffer: upload, originalName: 'facade.png' }, 'project');
    const variants = parseVariants(row.variants);
    expect(variants.map((variant) => `${variant.width} ${variant.format}`).sort()).toEqual([
      '400 avif',
      '400 webp',
      '600 avif',
      '600 webp',
    ]);
    for (const variant of variants) {
      const original = variant.width === 600 ? pixels() : pixels().resize(variant.width, variant.height);
      const compare = ssimTo(await lumaOf(original.clone()));
      const jpeg = await encodeReferenceJpeg(original.clone());
      const stored = fs.readFileSync(path.join(uploads, variant.path));
      // Within a hair of the target: AVIF at 55, the quality before decision 024, falls short by more.
      expect(compare(await lumaOf(stored)), variant.path).toBeGreaterThan(compare(await lumaOf(jpeg)) - TOLERANCE);
      expect(stored.length, variant.path).toBeLessThan(jpeg.length);
    }
  });

  it('cleans temporary files left by an interrupted write', async () => {
    fs.mkdirSync(path.join(uploads, 'project'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'project', '.tmp-abc'), 'partial');
    expect(await removeLeftoverTempFiles(uploads)).toBe(1);
    expect(fs.existsSync(path.join(uploads, 'project', '.tmp-abc'))).toBe(false);
  });
});

describe('the disk storage', () => {
  it('puts, reads, lists and deletes files under the uploads folder only', async () => {
    const disk = new DiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-disk-')));
    try {
      await disk.put('library/mhx1-0123456789abcdef-400.avif', Buffer.from('avif bytes'), 'image/avif');
      await disk.sync(['library/mhx1-0123456789abcdef-400.avif']);
      const stored = await disk.get('library/mhx1-0123456789abcdef-400.avif');
      expect(stored).toMatchObject({ length: 10, contentType: 'image/avif' });
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('avif bytes');
      expect((await disk.list()).map((entry) => entry.name)).toEqual(['library/mhx1-0123456789abcdef-400.avif']);
      expect(await disk.get('library/missing.jpg')).toBeUndefined();
      expect(await disk.get('../outside.jpg')).toBeUndefined();
      await expect(disk.put('../outside.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
      await disk.delete(['library/mhx1-0123456789abcdef-400.avif', 'library/missing.jpg']);
      expect(await disk.list()).toEqual([]);
    } finally {
      fs.rmSync(disk.dir, { recursive: true, force: true });
    }
  });
});
