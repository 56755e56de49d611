import { createHash, randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage, S3PhotoBucket, sha256OfObject } from '../src/index.js';
import { startS3Server, type S3Server } from './support/s3-server.js';

let server: S3Server;
let bucket: S3PhotoBucket;
beforeAll(async () => {
  server = await startS3Server();
  bucket = new S3PhotoBucket({ endpoint: server.endpoint, region: 'us-east-1', bucket: `hash-${process.pid}`, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true });
  await bucket.client.send(new CreateBucketCommand({ Bucket: bucket.name }));
}, 30_000);
afterAll(async () => {
  bucket?.destroy();
  await server?.close();
});

describe('sha256OfObject', () => {
  it('hashes the whole object read back from the bucket; null when there is none', async () => {
    const bytes = randomBytes(300_000);
    await new S3FileStorage(bucket).put('pickup/1767225600000-big.jpg', bytes, 'image/jpeg');
    expect(await sha256OfObject(bucket, 'pickup/1767225600000-big.jpg')).toEqual({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength });
    expect(await sha256OfObject(bucket, 'pickup/1767225600000-none.jpg')).toBeNull();
  });

  it('refuses a path outside the photo folders, as every call does', async () => {
    await expect(sha256OfObject(bucket, '../escape.jpg')).rejects.toThrow('refused storage path');
  });
});
