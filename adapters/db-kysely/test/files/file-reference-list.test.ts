import { describe, expect, it } from 'vitest';
import { createKyselyFileReferences } from '../../src/index.js';
import { newOrder, seedSeller } from '../support/fixtures.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { harnessPerTest, postgresTarget, sqliteTarget, type StoreTarget } from '../support/store-harness.js';

const postgres = await postgresForTests('file reference list');
const TARGETS: readonly StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

const open = harnessPerTest();

describe.each(TARGETS)('every row that names a stored file, on $name', (target) => {
  it('lists each URL column row by row, in batches, skipping rows that name none', async () => {
    const h = await open(target);
    const refs = createKyselyFileReferences(h.db, h.dialect);
    const none: unknown[] = [];
    for await (const batch of refs.everyReference()) none.push(...batch);
    expect(none).toEqual([]);

    const seller = await seedSeller(h);
    await h.db.updateTable('sellers').set({ logo_url: '/uploads/order-photos/seller-logos/logo.png' }).where('id', '=', seller.id).execute();
    const orders = Array.from({ length: 5 }, (_, i) => newOrder(seller.id, { productPhotoUrl: `/uploads/order-photos/products/p${i}.jpg`, ...(i % 2 === 0 ? { packagedPhotoUrl: `/uploads/order-photos/packaged/k${i}.jpg` } : {}) }));
    for (const order of orders) await h.store.transaction((tx) => tx.orders.insert(order));
    await h.db.updateTable('orders').set({ pickup_photo_url: '/uploads/order-photos/pickup/c.jpg' }).where('id', '=', orders[1]!.id).execute();
    const unnamed = newOrder(seller.id, {});
    await h.store.transaction((tx) => tx.orders.insert(unnamed));

    const batches: number[] = [];
    const rows: { table: string; column: string; id: string; url: string }[] = [];
    for await (const batch of refs.everyReference(2)) {
      batches.push(batch.length);
      rows.push(...batch);
    }
    expect(Math.max(...batches)).toBeLessThanOrEqual(2);
    const key = (r: { table: string; column: string; id: string; url: string }) => `${r.table}.${r.column} ${r.id} ${r.url}`;
    const expected = [
      ...orders.map((o, i) => ({ table: 'orders', column: 'product_photo_url', id: o.id, url: `/uploads/order-photos/products/p${i}.jpg` })),
      ...orders.flatMap((o, i) => (i % 2 === 0 ? [{ table: 'orders', column: 'packaged_photo_url', id: o.id, url: `/uploads/order-photos/packaged/k${i}.jpg` }] : [])),
      { table: 'orders', column: 'pickup_photo_url', id: orders[1]!.id, url: '/uploads/order-photos/pickup/c.jpg' },
      { table: 'sellers', column: 'logo_url', id: seller.id, url: '/uploads/order-photos/seller-logos/logo.png' },
    ];
    expect(rows.map(key).sort()).toEqual(expected.map(key).sort());
    // Each row once, whatever the batch size.
    expect(new Set(rows.map(key)).size).toBe(rows.length);
  });
});
