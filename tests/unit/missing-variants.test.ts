import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { migrateToLatest, openSqlite } from '../../server/db/database';
import { readContentVersion } from '../../server/services/cache/content-version';
import type { ServiceContext } from '../../server/services/context';
import { parseVariants, processImage } from '../../server/services/media/images';
import { addMissingImageVariants } from '../../server/services/media/missing-variants';
import { DiskStorage } from '../../server/storage/disk-storage';
import { makeImage } from '../support/images';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-variants-'));
const db = openSqlite(path.join(folder, 'studio.sqlite'));
const storage = new DiskStorage(path.join(folder, 'uploads'));
const ctx: ServiceContext = { db, storage, config: readConfig({ DATA_DIR: folder }), secretKey: randomBytes(32) };
afterAll(async () => {
  await db.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

it('gives images stored before the 1200 px variants existed those variants, once, and the pages a new version', async () => {
  await migrateToLatest(db);
  await storage.prepare();
  const item = await processImage(storage, { buffer: await makeImage(1600, 1000), originalName: 'old.jpg' }, 'project');
  expect(item.width).toBe(1200);
  // As the pipeline stored it before: 400 and 800 only.
  const old = parseVariants(item.variants).filter((variant) => variant.width < 1200);
  await storage.delete(
    parseVariants(item.variants)
      .filter((variant) => variant.width === 1200)
      .map((v) => v.path),
  );
  const { id } = await db
    .insertInto('mediaItems')
    .values({ ...item, variants: JSON.stringify(old) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await readContentVersion(db);

  expect(await addMissingImageVariants(ctx)).toBe(1);
  const row = await db.selectFrom('mediaItems').select('variants').where('id', '=', id).executeTakeFirstOrThrow();
  const added = parseVariants(row.variants).filter((variant) => variant.width === 1200);
  expect(added.map((variant) => variant.format).sort()).toEqual(['avif', 'webp']);
  for (const variant of added) {
    const meta = await sharp(path.join(folder, 'uploads', variant.path)).metadata();
    expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([
      variant.format,
      1200,
      750,
    ]);
  }
  expect(await readContentVersion(db)).toBeGreaterThan(version);

  expect(await addMissingImageVariants(ctx)).toBe(0);
});

it('leaves alone an image whose sizes came from a master wider than its main file (decision 043)', async () => {
  const item = await processImage(
    storage,
    { buffer: await makeImage(1500, 2000), originalName: 'tall.jpg' },
    'project',
  );
  expect([item.width, item.height]).toEqual([600, 800]);
  expect(Math.max(...parseVariants(item.variants).map((variant) => variant.width))).toBe(1500);
  await db.insertInto('mediaItems').values(item).execute();
  expect(await addMissingImageVariants(ctx)).toBe(0);
});
