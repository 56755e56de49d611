import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { acceptJob } from '@escrow/core';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from '@escrow/storage-s3/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import { composeApi } from '../helpers/composed-api.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { DIALECTS, openSellerWorld, type SellerWorld } from '../escrow-seller/seller-world.js';
import { must, PNG } from '../escrow-support/world.js';

// Photos in an S3-compatible bucket (FILE_STORAGE=s3, decision 0073), end to end: the API as
// production composes it, on real HTTP, against an s3rver this test starts in a process of its
// own (so it can be stopped with SIGSTOP), on SQLite and (with CI=true) PostgreSQL.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

let buckets = 0;
const opened: { world: SellerWorld; server: RunningServer }[] = [];
afterEach(async () => {
  s3.thaw();
  for (const { world, server } of opened.splice(0)) {
    await server.shutdown();
    await world.dispose();
  }
});

/** The API on `dialect` with its photos in a fresh bucket of the test's S3 server, served on a port. */
async function openApi(dialect: 'sqlite' | 'postgres') {
  const bucket = `escrow-photos-${process.pid}-${++buckets}`;
  await s3.createBucket(bucket);
  const world = await openSellerWorld(dialect, {
    env: { FILE_STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' },
  });
  let server: RunningServer;
  try {
    server = await startServer({ app: world.composed.app, port: 0, host: '127.0.0.1', logger: recordingLogger(), signals: [], drainMs: 0 });
  } catch (error) {
    await world.dispose();
    throw error;
  }
  opened.push({ world, server });
  const base = `http://127.0.0.1:${server.port}`;
  /** A rider's accepted job, ready for its pickup photo. */
  const acceptedJob = async () => {
    const seller = await world.seller();
    const { order, phone, key } = await world.assigned(seller);
    must(await acceptJob(world.deps, { orderId: order.id, actor: { kind: 'rider', phone, key } }));
    return { order: await world.reload(order.id), phone, key };
  };
  /** The rider's pickup upload over HTTP, as the rider's page sends it. */
  const uploadPickup = (job: { order: { id: string }; phone: string; key: string }) => {
    const form = new FormData();
    form.set('photo', new File([Buffer.from(PNG)], 'pickup.jpg', { type: 'image/jpeg' }));
    return fetch(`${base}/api/rider/orders/${job.order.id}/pickup`, { method: 'POST', headers: { origin: base, 'x-rider-phone': job.phone, 'x-rider-key': job.key }, body: form });
  };
  return { world, base, acceptedJob, uploadPickup };
}

const photosOnDisk = (world: SellerWorld): string[] => {
  const dir = join(world.dataDir, 'uploads', 'order-photos', 'pickup');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** Resolves to the answer and how long it took. */
async function timed(call: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const start = performance.now();
  const response = await call();
  return { response, ms: performance.now() - start };
}

describe.each(DIALECTS)('photos in an S3-compatible bucket (FILE_STORAGE=s3), on %s over HTTP', (dialect) => {
  it("a rider's pickup photo goes to the bucket and is read back through /uploads by the URL the order holds; a wrong path is 404", { timeout: 60_000 }, async () => {
    const api = await openApi(dialect);
    const job = await api.acceptedJob();
    const uploaded = await api.uploadPickup(job);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const order = await api.world.reload(job.order.id);
    expect(order.status).toBe('in_transit');
    expect(order.pickupPhotoUrl).toMatch(/^\/uploads\/order-photos\/pickup\/\d+-[A-Za-z0-9_-]+\.png$/);
    // In the bucket, not on this machine's disk.
    expect(photosOnDisk(api.world)).toEqual([]);
    const served = await fetch(`${api.base}${order.pickupPhotoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(PNG.length));
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    for (const wrong of [
      order.pickupPhotoUrl!.replace(/\d+-/, '1-'),
      order.pickupPhotoUrl!.replace('/pickup/', '/products/'),
      '/uploads/order-photos/secrets/1767225600000-abc.png',
      '/uploads/order-photos/pickup/..%2F..%2Fescrow.sqlite',
    ]) {
      const answer = await fetch(`${api.base}${wrong}`);
      expect(answer.status, wrong).toBe(404);
      await answer.body?.cancel();
    }
  });

  it('with the S3 server stopped, reading a photo and uploading a pickup answer 503 with Retry-After within seconds, and the order stays as it was', { timeout: 90_000 }, async () => {
    const api = await openApi(dialect);
    const first = await api.acceptedJob();
    expect((await api.uploadPickup(first)).status).toBe(200);
    const url = (await api.world.reload(first.order.id)).pickupPhotoUrl!;
    const job = await api.acceptedJob();
    s3.freeze();
    const read = await timed(() => fetch(`${api.base}${url}`));
    expect(read.response.status).toBe(503);
    expect(read.response.headers.get('retry-after')).toBe('5');
    expect((await read.response.json()) as unknown).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    const upload = await timed(() => api.uploadPickup(job));
    expect(upload.response.status).toBe(503);
    expect(upload.response.headers.get('retry-after')).toBe('5');
    // The default timeouts: 3 s without a byte, two tries.
    expect(read.ms).toBeLessThan(10_000);
    expect(upload.ms).toBeLessThan(10_000);
    // No row points at an object that is not there: the order did not move.
    expect(await api.world.reload(job.order.id)).toMatchObject({ status: job.order.status, pickupPhotoUrl: null });
    expect(api.world.logs.some((entry) => entry.level === 'error' && /Service unavailable: storage timed out/.test(entry.message))).toBe(true);
    // Once the server answers again, the same upload goes through.
    s3.thaw();
    expect((await api.uploadPickup(job)).status).toBe(200);
    console.info(`FILE_STORAGE=s3 with the S3 server stopped (${dialect}): photo read answered 503 in ${Math.round(read.ms)} ms, pickup upload in ${Math.round(upload.ms)} ms`);
  });
});

describe('FILE_STORAGE=s3 at start: a bucket that cannot be used stops the start, saying why', () => {
  const env = (bucket: string, endpoint = s3.endpoint) => ({ FILE_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' });

  it('a missing bucket, or a server that does not answer', { timeout: 30_000 }, async () => {
    await expect(composeApi('sqlite', { env: env('escrow-never-made') })).rejects.toThrow(/^FILE_STORAGE=s3: object storage: bucket escrow-never-made cannot be used: it does not exist \(S3_BUCKET, S3_REGION, S3_ENDPOINT and the keys' permissions\)$/);
    await expect(composeApi('sqlite', { env: env('escrow-photos', 'http://127.0.0.1:9') })).rejects.toThrow(/^FILE_STORAGE=s3: object storage \(bucket escrow-photos\): check \(the bucket\) failed: .*ECONNREFUSED/);
  });
});
