import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { acceptJob } from '@escrow/core';
import { afterEach, describe, expect, it } from 'vitest';
import { canMountTmpfs } from '@escrow/test-kit/private-tmpfs';
import { must, openWorld, PNG, type World } from '../escrow-support/world.js';
import { multipart, send, startApiProcess, type ApiProcess } from './api-process.js';

// Photo uploads to the API as deployed (a real process, real HTTP, real disk): whatever goes
// wrong with an upload, no file is left in the uploads folder, neither a photo nor a .part.
// The database does not matter here (SQLite); its files and the API's are under one DATA_DIR.

/** Every entry under {uploads}/order-photos/*, temporary files included. */
function uploaded(uploads: string): string[] {
  const bucket = join(uploads, 'order-photos');
  if (!existsSync(bucket)) return [];
  return readdirSync(bucket)
    .flatMap((folder) => readdirSync(join(bucket, folder)).map((name) => `${folder}/${name}`))
    .sort();
}

/** A PNG by its magic numbers, `size` bytes long. */
const pngOf = (size: number): Uint8Array => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
};

let world: World | undefined;
let api: ApiProcess | undefined;
afterEach(async () => {
  await api?.stop();
  api = undefined;
  await world?.dispose();
  world = undefined;
});

/** A job its rider has accepted, ready for the pickup photo, and the rider's headers. */
async function acceptedJob(w: World) {
  const { sellerId } = await w.seller();
  const { order, phone, key } = await w.assigned(sellerId);
  must(await acceptJob(w.deps, { orderId: order.id, actor: { kind: 'rider', phone, key } }));
  return { order, path: `/api/rider/orders/${order.id}/pickup`, headers: { 'x-rider-phone': phone, 'x-rider-key': key } };
}

describe('photo uploads that fail leave nothing on disk (the API as a process)', () => {
  it('an upload over the limit (declared or streamed), a bad image, a client that goes away mid-upload', { timeout: 120_000 }, async () => {
    world = await openWorld('sqlite');
    const job = await acceptedJob(world);
    api = await startApiProcess({ DATA_DIR: dirname(world.uploadsDir) });
    const big = multipart('photo', pngOf(11 * 1024 * 1024));

    const declared = await send(api.port, { path: job.path, headers: { ...job.headers, 'content-type': big.contentType }, body: big.body });
    expect(declared === 'dropped' ? 413 : declared.status).toBe(413);
    const streamed = await send(api.port, { path: job.path, headers: { ...job.headers, 'content-type': big.contentType }, body: big.body, chunked: true });
    expect(streamed === 'dropped' ? 413 : streamed.status).toBe(413);
    const html = multipart('photo', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'photo.png');
    const bad = await send(api.port, { path: job.path, headers: { ...job.headers, 'content-type': html.contentType }, body: html.body });
    expect(bad).toMatchObject({ status: 400 });
    const half = multipart('photo', pngOf(4 * 1024 * 1024));
    expect(await send(api.port, { path: job.path, headers: { ...job.headers, 'content-type': half.contentType }, body: half.body, disconnectAfter: 1024 * 1024 })).toBe('dropped');
    const chunkedHalf = await send(api.port, { path: job.path, headers: { ...job.headers, 'content-type': half.contentType }, body: half.body, chunked: true, disconnectAfter: 2 * 1024 * 1024 });
    expect(chunkedHalf).toBe('dropped');

    // The API is still up, nothing was written, and the job still takes its photo.
    expect(await send(api.port, { method: 'GET', path: '/api/health' })).toMatchObject({ status: 200 });
    expect(uploaded(world.uploadsDir)).toEqual([]);
    expect((await world.reload(job.order.id)).pickupPhotoUrl).toBeNull();
    const good = multipart('photo', PNG);
    expect(await send(api.port, { path: job.path, headers: { ...job.headers, 'content-type': good.contentType }, body: good.body })).toMatchObject({ status: 200 });
    const url = (await world.reload(job.order.id)).pickupPhotoUrl;
    expect(uploaded(world.uploadsDir).map((path) => `/uploads/order-photos/${path}`)).toEqual([url]);
    expect(api.exitCode()).toBeNull();
  });

  it.runIf(canMountTmpfs())('a full disk: the pickup fails, leaves no .part and no photo, and the order does not move; a photo that fits is stored', { timeout: 120_000 }, async () => {
    world = await openWorld('sqlite');
    const tooBig = await acceptedJob(world);
    const fits = await acceptedJob(world);
    // The uploads folder is a 512 KB tmpfs in the API's own mount namespace.
    api = await startApiProcess({ DATA_DIR: dirname(world.uploadsDir) }, { tmpfsUploadsBytes: 512 * 1024 });
    const seen = `/proc/${api.pid}/root${world.uploadsDir}`;
    const photo = multipart('photo', pngOf(2 * 1024 * 1024));
    const full = await send(api.port, { path: tooBig.path, headers: { ...tooBig.headers, 'content-type': photo.contentType }, body: photo.body });
    expect(full === 'dropped' ? 0 : full.status).toBeGreaterThanOrEqual(500);
    expect(uploaded(seen)).toEqual([]);
    expect(await world.reload(tooBig.order.id)).toMatchObject({ status: 'rider_assigned', pickupPhotoUrl: null });

    const small = multipart('photo', pngOf(100 * 1024));
    expect(await send(api.port, { path: fits.path, headers: { ...fits.headers, 'content-type': small.contentType }, body: small.body })).toMatchObject({ status: 200 });
    const url = (await world.reload(fits.order.id)).pickupPhotoUrl;
    expect(uploaded(seen).map((path) => `/uploads/order-photos/${path}`)).toEqual([url]);
    expect(api.exitCode()).toBeNull();
  });
});
