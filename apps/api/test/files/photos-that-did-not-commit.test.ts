import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { acceptJob, confirmPickupWithPhoto, removeRider, type FileStorage } from '@escrow/core';
import { FsFileStorage } from '@escrow/storage-fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { must, PNG } from '../escrow-support/world.js';
import { DIALECTS, idempotencyKey, openSellerWorld, ORDER_FORM, orderForm, type SellerWorld } from '../escrow-seller/seller-world.js';

// A photo is written before the change that names it; when that change does not commit (the
// use case refuses, or its transaction fails) the photo goes again. Real database, real files,
// the API as composed for production; the failing transaction is a real database error, made
// by a trigger that refuses the write.

const photosIn = (world: SellerWorld, folder: string): string[] => {
  const dir = join(world.dataDir, 'uploads', 'order-photos', folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

/** Makes every write of `column` on `table` fail inside the database from now on. */
async function failWritesOf(world: SellerWorld, table: 'orders' | 'sellers', column: string, on: 'insert' | 'update'): Promise<void> {
  const db = world.composed.database.db;
  if (world.dialect === 'sqlite') {
    await sql.raw(`create trigger fail_${column} before ${on} on ${table} when new.${column} is not null begin select raise(abort, 'simulated write failure'); end`).execute(db);
  } else {
    await sql.raw(`create function fail_${column}() returns trigger language plpgsql as $$ begin raise exception 'simulated write failure'; end $$`).execute(db);
    await sql.raw(`create trigger fail_${column} before ${on} on ${table} for each row when (new.${column} is not null) execute function fail_${column}()`).execute(db);
  }
}

let world: SellerWorld | undefined;
afterEach(async () => {
  await world?.dispose();
  world = undefined;
});

describe.each(DIALECTS)('photos of a change that did not commit, on %s', (dialect) => {
  /** A rider's accepted job whose pickup will fail in the database, and the pickup request. */
  const pickupThatFails = async (headers: Record<string, string>) => {
    world = await openSellerWorld(dialect);
    const seller = await world.seller();
    const { order, phone, key } = await world.assigned(seller);
    must(await acceptJob(world.deps, { orderId: order.id, actor: { kind: 'rider', phone, key } }));
    await failWritesOf(world, 'orders', 'pickup_photo_url', 'update');
    const form = new FormData();
    form.set('photo', new File([Buffer.from(PNG)], 'pickup.png', { type: 'image/png' }));
    const reply = await world.call('POST', `/api/rider/orders/${order.id}/pickup`, { headers: { 'x-rider-phone': phone, 'x-rider-key': key, ...headers }, form });
    expect(reply.status).toBeGreaterThanOrEqual(500);
    expect(await world.reload(order.id)).toMatchObject({ status: 'rider_assigned', pickupPhotoUrl: null });
    return photosIn(world, 'pickup');
  };

  it('a pickup whose transaction fails leaves no photo, and the order stays where it was', async () => {
    expect(await pickupThatFails({})).toEqual([]);
  });

  // The key is written in the pickup's own transaction (decision 0035): when that fails, the use
  // case's clean-up removes the photo as without a key.
  it('a pickup with an Idempotency-Key whose transaction fails leaves no photo', async () => {
    expect(await pickupThatFails(idempotencyKey())).toEqual([]);
  });

  it('a pickup refused after its photo was stored (the seller removed the rider meanwhile) leaves no photo', async () => {
    world = await openSellerWorld(dialect);
    const seller = await world.seller();
    const { order, phone, key } = await world.assigned(seller);
    const rider = { kind: 'rider', phone, key } as const;
    must(await acceptJob(world.deps, { orderId: order.id, actor: rider }));
    const disk = new FsFileStorage(join(world.dataDir, 'uploads'));
    const w = world;
    // The seller's change lands between the photo's write and the pickup's transaction.
    const racing: FileStorage = {
      async put(path, bytes, type) {
        const stored = await disk.put(path, bytes, type);
        must(await removeRider(w.deps, { orderId: order.id, actor: seller.actor }));
        return stored;
      },
      remove: (path) => disk.remove(path),
    };
    const result = await confirmPickupWithPhoto({ ...world.deps, files: racing }, { orderId: order.id, actor: rider, photo: PNG });
    expect(result.ok).toBe(false);
    expect(photosIn(world, 'pickup')).toEqual([]);
  });

  it('an order whose transaction fails leaves neither of its photos', async () => {
    world = await openSellerWorld(dialect);
    const seller = await world.seller();
    await failWritesOf(world, 'orders', 'product_photo_url', 'insert');
    const reply = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, headers: idempotencyKey(), form: orderForm(ORDER_FORM, { product: PNG, packaged: PNG }) });
    expect(reply.status).toBeGreaterThanOrEqual(500);
    expect(await world.composed.database.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect([...photosIn(world, 'products'), ...photosIn(world, 'packaged')]).toEqual([]);
  });

  it('a logo whose save fails leaves no file, and the logo before it stays', async () => {
    world = await openSellerWorld(dialect);
    const seller = await world.seller();
    const upload = () => {
      const form = new FormData();
      form.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
      return world!.call('PUT', '/api/seller/profile/logo', { cookie: seller.cookie, form });
    };
    const first = await upload();
    expect(first.status, first.text).toBe(200);
    const kept = photosIn(world, 'seller-logos');
    expect(kept).toHaveLength(1);
    await failWritesOf(world, 'sellers', 'logo_url', 'update');
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await upload()).status).toBeGreaterThanOrEqual(500);
    expect(photosIn(world, 'seller-logos')).toEqual(kept);
    const row = await world.composed.database.db.selectFrom('sellers').select('logo_url').where('id', '=', seller.sellerId).executeTakeFirstOrThrow();
    expect(row.logo_url).toBe(`/uploads/order-photos/seller-logos/${kept[0]}`);
  });

  it('logos uploaded at once by one seller leave one file: the one the seller record names', async () => {
    world = await openSellerWorld(dialect);
    const seller = await world.seller();
    const w = world;
    const replies = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        // Distinct milliseconds, so each upload has its own file name (seller-logos/{sellerId}-{ms}.png).
        await new Promise((resolve) => setTimeout(resolve, i * 3));
        const form = new FormData();
        form.set('logo', new File([Buffer.from(PNG)], 'logo.png', { type: 'image/png' }));
        return w.call('PUT', '/api/seller/profile/logo', { cookie: seller.cookie, form });
      }),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const row = await world.composed.database.db.selectFrom('sellers').select('logo_url').where('id', '=', seller.sellerId).executeTakeFirstOrThrow();
    expect(photosIn(world, 'seller-logos').map((name) => `/uploads/order-photos/seller-logos/${name}`)).toEqual([row.logo_url]);
  });
});
