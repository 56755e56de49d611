import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { StoredFileExists, type FileStorage, type StoredFileContent, type StoredFileReader } from '@escrow/core';
import { S3PhotoBucket, statusOf, type S3BucketConfig } from './s3-bucket.js';

const TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const typeByName = (path: string): string => TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph) under
 * `order-photos/{folder}/{name}`, private: no ACL is ever set, readers get the bytes through
 * the API (its access checks, then `read`), at the URL the local disk would give, so rows do
 * not depend on where the bytes live. One PutObject stores a whole photo or nothing.
 *
 * Never replaces: a HeadObject first refuses a taken path (StoredFileExists), then the
 * PutObject carries `If-None-Match: *`, which AWS S3, R2 and MinIO honour atomically (a 412
 * is StoredFileExists). Servers that ignore the header (s3rver, the test server) are covered
 * by the HeadObject alone, which leaves a race of two writers of one name; names carry a
 * timestamp and a random token, so two writers never pick one.
 */
export class S3FileStorage implements FileStorage, StoredFileReader {
  readonly bucket: S3PhotoBucket;

  constructor(bucket: S3PhotoBucket | S3BucketConfig, publicPrefix = '/uploads') {
    this.bucket = bucket instanceof S3PhotoBucket ? bucket : new S3PhotoBucket(bucket, publicPrefix);
  }

  async put(path: string, bytes: Uint8Array, contentType: string): Promise<{ url: string }> {
    const Key = this.bucket.key(path);
    const Bucket = this.bucket.name;
    if (await this.exists(path, Key)) throw new StoredFileExists(path);
    try {
      await this.bucket.send('put', path, (abortSignal) =>
        this.bucket.client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.byteLength, ContentType: contentType, IfNoneMatch: '*' }), { abortSignal }),
      );
    } catch (error) {
      if (statusOf(error) === 412) throw new StoredFileExists(path);
      throw error;
    }
    return { url: this.bucket.urlOf(path) };
  }

  async remove(path: string): Promise<void> {
    const Key = this.bucket.key(path);
    // Deleting a key that is not there succeeds: removing twice is removing once.
    await this.bucket.send('remove', path, (abortSignal) => this.bucket.client.send(new DeleteObjectCommand({ Bucket: this.bucket.name, Key }), { abortSignal }));
  }

  /** The object at a stored path, its body streamed from the bucket as it is read; null when there is none. */
  async read(path: string): Promise<StoredFileContent | null> {
    let Key: string;
    try {
      Key = this.bucket.key(path);
    } catch {
      return null;
    }
    let answer;
    try {
      answer = await this.bucket.send('read', path, (abortSignal) => this.bucket.client.send(new GetObjectCommand({ Bucket: this.bucket.name, Key }), { abortSignal }));
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
    const body = answer.Body as unknown;
    if (!body || typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] !== 'function') throw new Error(`object storage: read ${path}: the answer has no body stream`);
    return { contentType: answer.ContentType ?? typeByName(path), length: answer.ContentLength ?? 0, body: body as AsyncIterable<Uint8Array> };
  }

  private async exists(path: string, Key: string): Promise<boolean> {
    try {
      await this.bucket.send('put (is the path free?)', path, (abortSignal) => this.bucket.client.send(new HeadObjectCommand({ Bucket: this.bucket.name, Key }), { abortSignal }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }
}
