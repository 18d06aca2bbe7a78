import { randomBytes } from 'node:crypto';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  type MediaStorage,
  StorageChanges,
  type StoredEntry,
  type StoredObject,
  type StoreReachability,
} from './media-storage';

/** Prefix of the files a write is still filling; /uploads never serves them (dot-files). */
export const TEMP_PREFIX = '.tmp-';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Flushes a folder's entries (the renames into it) to disk; a no-op where folders cannot be opened (Windows). */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported on this platform: the rename is still atomic, only not yet durable.
  } finally {
    await handle?.close();
  }
}

/**
 * Writes under a temporary name, flushes it to disk, then renames: a crash
 * never leaves a partial file under a real name, and once the row pointing at
 * it commits (SQLite syncs its WAL) the bytes are on disk too, not only in the
 * page cache a power cut would lose.
 */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Removes temporary files a crash left behind in the uploads folder. */
export async function removeLeftoverTempFiles(uploadsDir: string): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(uploadsDir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile() && entry.name.startsWith(TEMP_PREFIX)) {
      await fs.rm(path.join(entry.parentPath, entry.name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The disk's answer to whether it answers. */
const DISK_ANSWERS: StoreReachability = {
  known: true,
  answers: () => Promise.resolve(true),
  whenAnswering: () => Promise.resolve(),
  refuseWhileDown: () => undefined,
};

/** DATA_DIR/uploads: one folder per owner, files written atomically and flushed (the default storage). */
export class DiskStorage implements MediaStorage {
  readonly kind = 'disk';
  readonly sweepMinAgeMs = 0;
  readonly changes = new StorageChanges();
  readonly reachability = DISK_ANSWERS;

  constructor(readonly dir: string) {}

  /** The absolute path of a name, or undefined when it would leave the folder. */
  private resolve(name: string): string | undefined {
    const absolute = path.resolve(this.dir, name);
    return absolute.startsWith(path.resolve(this.dir) + path.sep) ? absolute : undefined;
  }

  /** The type follows from the extension when the file is served, so it is not kept. */
  async put(name: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.resolve(name);
    if (!file) throw new Error(`not a name inside the uploads folder: ${name}`);
    // A new owner folder's own entry must reach the disk too.
    if (await fs.mkdir(path.dirname(file), { recursive: true })) await syncDirectory(this.dir);
    try {
      await writeAtomically(file, data);
    } finally {
      this.changes.tell([name]);
    }
  }

  async sync(names: string[]): Promise<void> {
    const folders = new Set(names.flatMap((name) => this.resolve(name) ?? []).map((file) => path.dirname(file)));
    for (const folder of folders) await syncDirectory(folder);
  }

  async get(name: string): Promise<StoredObject | undefined> {
    const file = this.resolve(name);
    if (!file) return undefined;
    let handle: FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const stat = await handle.stat();
    return {
      body: handle.createReadStream(),
      length: stat.size,
      contentType: CONTENT_TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream',
      lastModified: stat.mtime,
    };
  }

  async delete(names: string[]): Promise<void> {
    try {
      await Promise.all(
        names.map((name) => {
          const file = this.resolve(name);
          return file ? fs.rm(file, { force: true }) : Promise.resolve();
        }),
      );
    } finally {
      this.changes.tell(names);
    }
  }

  async list(): Promise<StoredEntry[]> {
    const entries = await fs.readdir(this.dir, { withFileTypes: true, recursive: true }).catch(() => []);
    const found: StoredEntry[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      // No age: one server owns this folder, so the sweep does not need it (sweepMinAgeMs = 0).
      found.push({ name: path.relative(this.dir, absolute).split(path.sep).join('/') });
    }
    return found;
  }

  async prepare(): Promise<number> {
    await fs.mkdir(this.dir, { recursive: true });
    return removeLeftoverTempFiles(this.dir);
  }

  close(): void {}
}
