import fs from 'node:fs';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Connection } from '../../config';
import type { StoredObject } from '../../storage/media-storage';
import { S3Storage } from '../../storage/s3-storage';

/** A backup's copy in the bucket, as ListObjectsV2 tells it. */
export interface BucketBackup {
  name: string;
  bytes: number;
}

/**
 * BACKUP_S3_BUCKET: where each backup is copied, one object per backup under its own name, with credentials of
 * its own (a bucket the images' keys cannot reach, so whoever gets those cannot delete the backups too).
 */
export class BackupBucket {
  readonly name: string;
  /** Reads and deletes objects as the images' bucket does; puts and lists its own way (below). */
  private readonly objects: S3Storage;

  constructor(
    connection: S3Connection,
    /** BACKUP_S3_SSE: each copy is put with S3's server-side encryption (SSE-S3, AES256). */
    private readonly serverSideEncryption: boolean,
  ) {
    this.name = connection.bucket;
    this.objects = new S3Storage({ ...connection, publicUrl: undefined }, { part: 'backup bucket' });
  }

  /**
   * Streams the file up (an archive with a site's every image can be larger than what is wise to hold in memory),
   * asking the bucket to encrypt it at rest.
   */
  async put(name: string, file: string): Promise<void> {
    await this.objects.client.send(
      new PutObjectCommand({
        Bucket: this.name,
        Key: name,
        Body: fs.createReadStream(file),
        ContentLength: fs.statSync(file).size,
        ContentType: 'application/octet-stream',
        // Encrypted at rest by the bucket's service too (issue 34): without BACKUP_PASSPHRASE the archive itself
        // is in the clear.
        ...(this.serverSideEncryption && { ServerSideEncryption: 'AES256' }),
      }),
    );
  }

  /**
   * Every object whose name `isBackup` takes, with its size; the bucket may hold others, which are left alone.
   * `signal` ends the wait for a bucket that does not answer.
   */
  async list(isBackup: (name: string) => boolean, signal?: AbortSignal): Promise<BucketBackup[]> {
    const found: BucketBackup[] = [];
    let token: string | undefined;
    do {
      const page = await this.objects.client.send(
        new ListObjectsV2Command({ Bucket: this.name, ContinuationToken: token }),
        { abortSignal: signal },
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && isBackup(item.Key)) found.push({ name: item.Key, bytes: item.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  get(name: string): Promise<StoredObject | undefined> {
    return this.objects.get(name);
  }

  delete(names: string[]): Promise<void> {
    return this.objects.delete(names);
  }

  close(): void {
    this.objects.close();
  }
}
