import { createHash } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { statusOf, type S3PhotoBucket } from './s3-bucket.js';

/** What is stored at a path, as its bytes hash: the SHA-256 (hex) and the length of the whole object. */
export interface StoredObjectHash {
  readonly sha256: string;
  readonly size: number;
}

/**
 * The SHA-256 of the object at a stored path, read back whole from the bucket (the body
 * streamed through the hash, never held in memory); null when there is no object there.
 * Reading back is the one check every S3-compatible server answers the same way: ETags are
 * MD5s only for some uploads, and stored checksums are not kept by all of them (s3rver).
 */
export async function sha256OfObject(bucket: S3PhotoBucket, path: string): Promise<StoredObjectHash | null> {
  const Key = bucket.key(path);
  let answer;
  try {
    answer = await bucket.send('read (hash)', path, (abortSignal) => bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key }), { abortSignal }));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  const body = answer.Body as unknown;
  if (!body || typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] !== 'function') throw new Error(`object storage: read ${path}: the answer has no body stream`);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}
