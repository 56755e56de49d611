import { join } from 'node:path';
import type { FileStorage, StoredFileListing, StoredFileReader } from '@escrow/core';
import { FsFileStorage, FsStoredFileListing } from '@escrow/storage-fs';
import type { Config } from '../../config.js';
import type { Logger } from '../../http/logger.js';

/** Where the photos live, as the composition root wires it: uploads, reads for /uploads, and the daily sweep's listing. */
export interface PhotoStorage {
  readonly files: FileStorage;
  readonly reader: StoredFileReader;
  readonly listing: StoredFileListing;
  /** Closes the object storage's connections (nothing for the disk). */
  close(): void;
}

/**
 * The photos' storage of `config`: this machine's disk under DATA_DIR/uploads (the default), or
 * with FILE_STORAGE=s3 the bucket, checked before the API starts (decision 0073): a bucket that
 * is missing, refuses these credentials or does not answer fails the start with the reason, as
 * a database that cannot be reached does. The S3 adapter, and the AWS SDK with it, is loaded
 * here and only then (a dynamic import): an API on the disk neither bundles nor loads it.
 */
export async function openPhotoStorage(config: Pick<Config, 'dataDir' | 'fileStorage'>, logger: Logger): Promise<PhotoStorage> {
  if (!config.fileStorage) {
    const uploads = join(config.dataDir, 'uploads');
    const files = new FsFileStorage(uploads);
    return { files, reader: files, listing: new FsStoredFileListing(uploads), close: () => undefined };
  }
  const { S3FileStorage, S3PhotoBucket, S3StoredFileListing } = await import('@escrow/storage-s3');
  const settings = config.fileStorage.bucket;
  const bucket = new S3PhotoBucket(settings);
  try {
    await bucket.check();
  } catch (error) {
    bucket.destroy();
    throw new Error(`FILE_STORAGE=s3: ${error instanceof Error ? error.message : String(error)} (S3_BUCKET, S3_REGION${settings.endpoint ? ', S3_ENDPOINT' : ''} and the keys' permissions)`, { cause: error });
  }
  // The endpoint and bucket only: never the keys.
  logger.info('photos in object storage', { bucket: settings.bucket, region: settings.region, endpoint: settings.endpoint ?? 'AWS S3' });
  const files = new S3FileStorage(bucket);
  return { files, reader: files, listing: new S3StoredFileListing(bucket), close: () => bucket.destroy() };
}
