import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { fileStorageContract } from '@escrow/core/testing/file-storage-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ObjectStorageError, S3FileStorage, S3PhotoBucket, S3StoredFileListing, type S3BucketConfig } from '../src/index.js';
import { startS3Server, type S3Server } from './support/s3-server.js';

let server: S3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server?.close();
});

let buckets = 0;
const configOf = (bucket: string, extra: Partial<S3BucketConfig> = {}): S3BucketConfig => ({
  endpoint: server.endpoint,
  region: 'us-east-1',
  bucket,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  forcePathStyle: true,
  ...extra,
});

/** A fresh private bucket (no ACL given: the server's default, private) and the adapters on it. */
async function openBucket(extra: Partial<S3BucketConfig> = {}) {
  const name = `photos-${process.pid}-${++buckets}`;
  const bucket = new S3PhotoBucket(configOf(name, extra));
  await bucket.client.send(new CreateBucketCommand({ Bucket: name }));
  return {
    bucket,
    storage: new S3FileStorage(bucket),
    listing: new S3StoredFileListing(bucket, { batchSize: 2 }),
    async close() {
      const objects = await bucket.client.send(new ListObjectsV2Command({ Bucket: name }));
      for (const object of objects.Contents ?? []) await bucket.client.send(new DeleteObjectCommand({ Bucket: name, Key: object.Key! }));
      await bucket.client.send(new DeleteBucketCommand({ Bucket: name }));
      bucket.destroy();
    },
  };
}

fileStorageContract('an S3-compatible bucket (S3FileStorage, S3StoredFileListing on s3rver)', async () => ({ ...(await openBucket()), batchSize: 2 }));

describe('S3FileStorage: the bucket layout', () => {
  it('keeps photos under order-photos/{folder}/ and lists nothing outside the photo folders', async () => {
    const b = await openBucket();
    try {
      await b.storage.put('pickup/1767225600000-a.png', Uint8Array.from([1]), 'image/png');
      // Keys the app never writes: another prefix, a deeper key, a folder that is not a photo folder.
      for (const Key of ['other/x.png', 'order-photos/pickup/deeper/y.png', 'order-photos/secrets/z.png', 'order-photos/pickup/']) {
        await b.bucket.client.send(new PutObjectCommand({ Bucket: b.bucket.name, Key, Body: Uint8Array.from([2]) }));
      }
      const keys = (await b.bucket.client.send(new ListObjectsV2Command({ Bucket: b.bucket.name, Prefix: 'order-photos/pickup/1' }))).Contents?.map((o) => o.Key);
      expect(keys).toEqual(['order-photos/pickup/1767225600000-a.png']);
      const listed: string[] = [];
      for await (const batch of b.listing.list()) listed.push(...batch.map((e) => e.path));
      expect(listed).toEqual(['pickup/1767225600000-a.png']);
    } finally {
      await b.close();
    }
  });
});

describe('S3PhotoBucket.check', () => {
  it('passes for a bucket that answers; says which bucket is missing or unreachable', { timeout: 30_000 }, async () => {
    const b = await openBucket();
    try {
      await b.bucket.check();
    } finally {
      await b.close();
    }
    const missing = new S3PhotoBucket(configOf('photos-never-made'));
    await expect(missing.check()).rejects.toThrow(/bucket photos-never-made cannot be used: it does not exist/);
    // An answer that refuses (404, 403) is no outage: no infrastructureFailure, so no 503 either.
    await expect(missing.check()).rejects.toMatchObject({ name: 'ObjectStorageError', infrastructureFailure: undefined });
    missing.destroy();
    const gone = new S3PhotoBucket(configOf('photos-gone', { endpoint: 'http://127.0.0.1:9' }));
    await expect(gone.check()).rejects.toThrow(/object storage \(bucket photos-gone\): check \(the bucket\) failed: .*ECONNREFUSED/);
    gone.destroy();
  });
});

/** Resolves to how the call ended and how long it took. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const start = performance.now();
  try {
    await call();
    return { ms: performance.now() - start, error: undefined };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

describe('S3FileStorage: a server that stops answering is an error within seconds, never a hang', () => {
  let b: Awaited<ReturnType<typeof openBucket>> | undefined;
  afterEach(async () => {
    server.thaw();
    await b?.close();
    b = undefined;
  });

  it('every operation fails with a clear ObjectStorageError (1 s idle timeout, 2 tries: under 4 s)', { timeout: 60_000 }, async () => {
    b = await openBucket({ timeouts: { connectMs: 1_000, idleMs: 1_000 }, maxAttempts: 2 });
    await b.storage.put('pickup/1767225600000-there.png', new Uint8Array(4 * 1024 * 1024).fill(1), 'image/png');
    // A read under way when the server stops: the body stops coming, and the stream errors.
    const reading = await b.storage.read('pickup/1767225600000-there.png');
    const chunks = reading!.body[Symbol.asyncIterator]();
    expect((await chunks.next()).done).toBe(false);
    server.freeze();
    const midRead = await timed(async () => {
      for (;;) if ((await chunks.next()).done) break;
    });
    expect(midRead.error).toBeInstanceOf(Error);
    const calls = {
      put: () => b!.storage.put('pickup/1767225600001-new.png', new Uint8Array(1024 * 1024).fill(2), 'image/png'),
      read: () => b!.storage.read('pickup/1767225600000-there.png'),
      remove: () => b!.storage.remove('pickup/1767225600000-there.png'),
      list: async () => {
        for await (const batch of b!.listing.list()) expect(batch).toBeDefined();
      },
      removeIfOlder: () => b!.listing.removeIfOlder({ path: 'pickup/1767225600000-there.png', url: null, modifiedAt: new Date(0) }, new Date(Date.now() + 60_000)),
    };
    const seen: Record<string, number> = { midRead: Math.round(midRead.ms) };
    for (const [name, call] of Object.entries(calls)) {
      const { ms, error } = await timed(call);
      seen[name] = Math.round(ms);
      expect(error, name).toBeInstanceOf(ObjectStorageError);
      expect((error as Error).message).toMatch(/^object storage \(bucket photos-\d+-\d+\): .+ failed: TimeoutError: .*timed out/);
      // The storage's own failure, which the API answers with 503 (infrastructureFailure of @escrow/db-kysely).
      expect((error as ObjectStorageError).infrastructureFailure, name).toEqual({ part: 'storage', reason: 'timed out', cause: 'TimeoutError' });
      expect(ms, name).toBeLessThan(4_000);
    }
    expect(midRead.ms).toBeLessThan(4_000);
    console.info('s3 calls against a stopped server (1 s idle, 2 tries), ms:', seen);
  });

  it('with the default timeouts (3 s idle, 2 tries) a put to a stopped server fails in under 10 s', { timeout: 60_000 }, async () => {
    b = await openBucket();
    server.freeze();
    const { ms, error } = await timed(() => b!.storage.put('products/1767225600000-a.jpg', Uint8Array.from([1]), 'image/jpeg'));
    expect(error).toBeInstanceOf(ObjectStorageError);
    expect(ms).toBeLessThan(10_000);
    console.info(`s3 put against a stopped server with the default timeouts: ${Math.round(ms)} ms`);
  });

  it('a server that is gone (connection refused) fails at once', { timeout: 30_000 }, async () => {
    const gone = new S3FileStorage(configOf('photos-gone', { endpoint: 'http://127.0.0.1:9', timeouts: { connectMs: 1_000, idleMs: 1_000 } }));
    const { ms, error } = await timed(() => gone.put('pickup/1767225600000-a.png', Uint8Array.from([1]), 'image/png'));
    expect(error).toBeInstanceOf(ObjectStorageError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect((error as ObjectStorageError).infrastructureFailure).toEqual({ part: 'storage', reason: 'unreachable', cause: 'ECONNREFUSED' });
    expect(ms).toBeLessThan(3_000);
    gone.bucket.destroy();
  });
});
