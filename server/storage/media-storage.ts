import type { Readable } from 'node:stream';

/**
 * Where the processed images live: a folder on disk (the default) or an
 * S3-compatible bucket (MEDIA_STORAGE=s3). Names are the image pipeline's
 * relative paths (`project/mhx1…-800.webp`), the same on both, and never
 * change once written, so every copy is cached for a year.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Hears which names each `put` or `delete` has changed, once it is done or has failed: whoever keeps copies of
 * stored files (the /uploads memory, server/http/upload-memory.ts) drops them, so this process never answers a
 * file it has just deleted or replaced.
 */
export class StorageChanges {
  private readonly listeners: ((names: readonly string[]) => void)[] = [];

  listen(listener: (names: readonly string[]) => void): void {
    this.listeners.push(listener);
  }

  tell(names: readonly string[]): void {
    for (const listener of this.listeners) listener(names);
  }
}

/**
 * Whether the store answers (decision 027), for `/api/health`, the dashboard and the start-up work a bucket outage
 * puts off. The disk always does, as far as this site can tell: a full one answers with its own error.
 */
export interface StoreReachability {
  /** As far as this process knows, without asking. */
  readonly known: boolean;
  /** As known, or, when that is some seconds old, after asking the store once. */
  answers(): Promise<boolean>;
  /** Resolves once the store answers: at once when it does. */
  whenAnswering(): Promise<void>;
  /** Throws StorageUnavailableError at once while the store is known not to answer. */
  refuseWhileDown(): void;
}

export interface StoredObject {
  body: Readable;
  length: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
}

export interface StoredEntry {
  /** The relative name, `/`-separated. */
  name: string;
  /** When it was written, where the storage needs it for the sweep (the bucket). */
  lastModified?: Date;
}

export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /**
   * How old an unreferenced file must be before the start-up sweep removes it.
   * On disk one server owns the folder, so 0; a bucket is shared by several
   * instances, one of which may be between writing an image and committing its row.
   */
  readonly sweepMinAgeMs: number;
  /** This process's writes and deletions, told as they end. */
  readonly changes: StorageChanges;
  readonly reachability: StoreReachability;
  /** Stores one file under its final name; a reader never sees it half written. */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Makes the files just `put` durable before the row that names them commits (disk: flushes their folders). */
  sync(names: string[]): Promise<void>;
  /** The file with its length and type, or undefined when there is none. */
  get(name: string): Promise<StoredObject | undefined>;
  /** Removes files; a missing one is not an error. */
  delete(names: string[]): Promise<void>;
  /** Every stored file (for the start-up sweep of unreferenced files). */
  list(): Promise<StoredEntry[]>;
  /**
   * Start-up, before requests: creates what is missing and removes unfinished writes; answers how many. The bucket's
   * throws StorageUnavailableError when it does not answer, which the start-up lets pass (decision 027).
   */
  prepare(): Promise<number>;
  /** Releases connections. */
  close(): void;
}
