import type { Config } from '../config';
import { DiskStorage } from './disk-storage';
import type { MediaStorage } from './media-storage';

export type { MediaStorage, StoredEntry, StoredObject } from './media-storage';
export { MEDIA_CACHE_CONTROL } from './media-storage';

/**
 * The storage MEDIA_STORAGE names: DATA_DIR/uploads by default, or the S3 bucket.
 * The AWS SDK is loaded only for the bucket, so a site on disk never pays for it.
 */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (config.mediaStorage.kind !== 's3') return new DiskStorage(config.uploadsDir);
  const { S3Storage } = await import('./s3-storage');
  return new S3Storage(config.mediaStorage);
}
