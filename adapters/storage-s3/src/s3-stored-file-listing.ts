import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PHOTO_FOLDERS, type StoredFileEntry, type StoredFileListing } from '@escrow/core';
import { isPhotoFolder, S3PhotoBucket, statusOf, type S3BucketConfig } from './s3-bucket.js';

/**
 * The objects directly under `order-photos/{folder}/` of the bucket, for the sweep of
 * unreferenced files: ListObjectsV2 a page at a time (the delimiter keeps deeper keys out),
 * and a deletion only after a HeadObject shows the object still there and last modified
 * before the cut-off. An object store has no half-written uploads (a PutObject is whole or
 * absent), so every entry has its URL.
 */
export class S3StoredFileListing implements StoredFileListing {
  readonly bucket: S3PhotoBucket;

  constructor(
    bucket: S3PhotoBucket | S3BucketConfig,
    private readonly options: { readonly batchSize?: number; readonly publicPrefix?: string } = {},
  ) {
    this.bucket = bucket instanceof S3PhotoBucket ? bucket : new S3PhotoBucket(bucket, options.publicPrefix);
  }

  async *list(): AsyncIterable<readonly StoredFileEntry[]> {
    const MaxKeys = Math.max(1, Math.min(this.options.batchSize ?? 500, 1000));
    for (const folder of PHOTO_FOLDERS) {
      const Prefix = this.bucket.folderPrefix(folder);
      let ContinuationToken: string | undefined;
      do {
        const page = await this.bucket.send('list', Prefix, (abortSignal) =>
          this.bucket.client.send(new ListObjectsV2Command({ Bucket: this.bucket.name, Prefix, Delimiter: '/', MaxKeys, ...(ContinuationToken ? { ContinuationToken } : {}) }), { abortSignal }),
        );
        const batch: StoredFileEntry[] = [];
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(Prefix.length) ?? '';
          if (!name || name.includes('/') || !object.LastModified) continue;
          const path = `${folder}/${name}`;
          batch.push({ path, url: this.bucket.urlOf(path), modifiedAt: object.LastModified });
        }
        if (batch.length > 0) yield batch;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    }
  }

  async removeIfOlder(entry: StoredFileEntry, cutoff: Date): Promise<boolean> {
    const [folder, name, ...rest] = entry.path.split('/');
    if (!folder || !isPhotoFolder(folder) || !name || name === '.' || name === '..' || rest.length > 0 || name.includes('\\') || name.includes('\0')) {
      throw new Error(`refused storage path: ${entry.path}`);
    }
    const Key = `${this.bucket.folderPrefix(folder)}${name}`;
    const Bucket = this.bucket.name;
    let modified: Date | undefined;
    try {
      const head = await this.bucket.send('sweep (head)', entry.path, (abortSignal) => this.bucket.client.send(new HeadObjectCommand({ Bucket, Key }), { abortSignal }));
      modified = head.LastModified;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
    if (!modified || modified.getTime() >= cutoff.getTime()) return false;
    await this.bucket.send('sweep (delete)', entry.path, (abortSignal) => this.bucket.client.send(new DeleteObjectCommand({ Bucket, Key }), { abortSignal }));
    return true;
  }
}
