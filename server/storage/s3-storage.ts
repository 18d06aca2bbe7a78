import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Settings } from '../config';
import {
  MEDIA_CACHE_CONTROL,
  type MediaStorage,
  StorageChanges,
  type StoredEntry,
  type StoredObject,
} from './media-storage';

/** DeleteObjects takes at most 1,000 keys per call. */
const DELETE_BATCH = 1000;

/**
 * How old an unreferenced object must be before the start-up sweep removes it.
 * Several instances share the bucket: another one may have put an image's
 * objects a moment ago and not yet committed the row that names them (it
 * writes the files first). An hour is far longer than any upload takes, so an
 * object that old with no row is a real leftover (a crash between the put and
 * the commit, or between a row's deletion and its objects').
 */
export const S3_SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * A missing object, as opposed to a missing bucket (NoSuchBucket, also a 404) or
 * refused access, which are the site's faults. Without s3:ListBucket, S3 answers
 * a missing key with 403 AccessDenied, which then counts as a bucket error.
 */
function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NotFound');
}

/** An S3-compatible bucket (MEDIA_STORAGE=s3): one object per file, with its type and cache header. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  readonly sweepMinAgeMs = S3_SWEEP_MIN_AGE_MS;
  readonly changes = new StorageChanges();
  readonly client: S3Client;
  readonly bucket: string;

  /** `listPageSize`: keys per ListObjectsV2 page (S3's most is 1,000; smaller in the tests). */
  constructor(
    settings: S3Settings,
    private readonly options: { listPageSize?: number } = {},
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // Absent: the SDK's default chain (AWS_* variables, shared files, instance roles).
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible servers do not all know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    // A PUT is atomic: readers see the old state or the whole object, never a part.
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    } finally {
      this.changes.tell([name]);
    }
  }

  async sync(): Promise<void> {
    // A successful PutObject is already durable.
  }

  async get(name: string): Promise<StoredObject | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      if (!(answer.Body instanceof Readable)) throw new Error('GetObject gave no readable body');
      return {
        body: answer.Body,
        length: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(names: string[]): Promise<void> {
    try {
      await this.deleteInBatches(names);
    } finally {
      this.changes.tell(names);
    }
  }

  private async deleteInBatches(names: string[]): Promise<void> {
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(
          `could not delete ${failed.length} object(s) from ${this.bucket}: ` +
            failed.map((error) => `${error.Key} (${error.Code})`).join(', '),
        );
      }
    }
  }

  async list(): Promise<StoredEntry[]> {
    const found: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: this.options.listPageSize }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ name: item.Key, lastModified: item.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async prepare(): Promise<number> {
    // Checks the bucket answers before the server takes requests; nothing is ever left half written.
    try {
      await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`MEDIA_STORAGE=s3: cannot list the bucket "${this.bucket}" (${reason})`, { cause: error });
    }
    return 0;
  }

  close(): void {
    this.client.destroy();
  }
}
