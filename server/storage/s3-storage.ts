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
import { NETWORK_ERROR_CODES } from '../network-errors';
import {
  MEDIA_CACHE_CONTROL,
  type MediaStorage,
  StorageChanges,
  type StoredEntry,
  type StoredObject,
} from './media-storage';
import { StorageUnavailableError } from './storage-faults';
import { STORAGE_PROBE_TIMEOUT_MS, StorageReachability } from './storage-reachability';

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
 * How long the bucket has to accept a connection, and to answer a request (its body sent, up to the answer's
 * headers), before the attempt is given up; the SDK tries three times, so a bucket that accepts and never answers
 * holds a request about 3 × 5 s, never for good. Every request here is small: the largest object, a 1200×800 PNG of
 * some 2 MB, needs 400 KB/s to go up within 5 s.
 */
export const S3_CONNECTION_TIMEOUT_MS = 2000;
export const S3_REQUEST_TIMEOUT_MS = 5000;

/**
 * Whether an error says the bucket is out of reach rather than that the request was refused: no answer at all (a
 * connection refused, broken off or timed out) or a 5xx. A 4xx (a missing bucket, refused credentials) is the
 * site's configuration and stays an error of its own.
 */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  const code = (error as { code?: unknown }).code;
  return error.name === 'TimeoutError' || (typeof code === 'string' && NETWORK_ERROR_CODES.has(code));
}

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
  readonly reachability: StorageReachability;
  readonly client: S3Client;
  readonly bucket: string;

  /**
   * `listPageSize`: keys per ListObjectsV2 page (S3's most is 1,000; smaller in the tests). `part`: what the log
   * calls the bucket when it stops or starts answering (the backups' bucket reads through this class too).
   */
  constructor(
    settings: S3Settings,
    private readonly options: { listPageSize?: number; part?: string } = {},
  ) {
    this.bucket = settings.bucket;
    this.reachability = new StorageReachability(options.part ?? 'image store', () =>
      this.listOne(STORAGE_PROBE_TIMEOUT_MS),
    );
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      // Absent: the SDK's default chain (AWS_* variables, shared files, instance roles).
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible servers do not all know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without throwOnRequestTimeout the SDK only warns when requestTimeout passes, and goes on waiting.
      requestHandler: {
        connectionTimeout: S3_CONNECTION_TIMEOUT_MS,
        requestTimeout: S3_REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
  }

  /**
   * Runs one call to the bucket and tells `reachability` whether it answered; a bucket out of reach becomes
   * StorageUnavailableError (503, one log line). While it is known not to answer, a call is refused at once
   * without being sent, unless it is the one that asks whether it is back (`whileDown: 'send'`, the probe).
   */
  private async call<T>(request: () => Promise<T>, whileDown: 'refuse' | 'send' = 'refuse'): Promise<T> {
    if (whileDown === 'refuse') this.reachability.refuseWhileDown();
    try {
      const answer = await request();
      this.reachability.record({ answered: true });
      return answer;
    } catch (error) {
      if (!isUnreachable(error)) {
        this.reachability.record({ answered: true });
        throw error;
      }
      this.reachability.record({ answered: false, error });
      throw new StorageUnavailableError(error);
    }
  }

  /**
   * Lists one key within `timeoutMs`: whether the bucket answers, and is this site's to read. The start's check and
   * the probe, so it is sent even while the bucket is known not to answer.
   */
  private async listOne(timeoutMs: number): Promise<void> {
    const command = new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 });
    const signal = AbortSignal.timeout(timeoutMs);
    await this.call(
      () =>
        this.client.send(command, { abortSignal: signal }).catch((error: unknown) => {
          // The SDK's words for it are "Request aborted"; the log says what happened.
          if (!signal.aborted) throw error;
          throw Object.assign(new Error(`no answer within ${timeoutMs} ms`, { cause: error }), {
            name: 'TimeoutError',
          });
        }),
      'send',
    );
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    // A PUT is atomic: readers see the old state or the whole object, never a part.
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: name,
      Body: data,
      ContentLength: data.length,
      ContentType: contentType,
      CacheControl: MEDIA_CACHE_CONTROL,
    });
    try {
      await this.call(() => this.client.send(command));
    } finally {
      this.changes.tell([name]);
    }
  }

  async sync(): Promise<void> {
    // A successful PutObject is already durable.
  }

  async get(name: string): Promise<StoredObject | undefined> {
    try {
      const command = new GetObjectCommand({ Bucket: this.bucket, Key: name });
      const answer = await this.call(() => this.client.send(command));
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
      const command = new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      });
      const answer = await this.call(() => this.client.send(command));
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
      const command = new ListObjectsV2Command({
        Bucket: this.bucket,
        ContinuationToken: token,
        MaxKeys: this.options.listPageSize,
      });
      const page = await this.call(() => this.client.send(command));
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ name: item.Key, lastModified: item.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async prepare(): Promise<number> {
    // Checks the bucket before the server takes requests; nothing is ever left half written. A refusal (a missing
    // bucket, refused credentials) stops the start: that is the configuration. No answer does not (decision 027).
    try {
      await this.listOne(STORAGE_PROBE_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`MEDIA_STORAGE=s3: cannot list the bucket "${this.bucket}" (${reason})`, { cause: error });
    }
    return 0;
  }

  close(): void {
    this.reachability.stop();
    this.client.destroy();
  }
}
