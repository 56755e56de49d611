import { afterEach, describe, expect, it } from 'vitest';
import { precompiled } from '../src/store/precompiled-query.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget, sqliteTarget, type StoreHarness, type StoreTarget } from './support/store-harness.js';
import { newOrder, seedSeller } from './support/fixtures.js';

const postgres = await postgresForTests('precompiled queries');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

for (const target of targets) {
  describe(`precompiled queries on ${target.name}`, () => {
    let h: StoreHarness | null = null;
    afterEach(async () => {
      await h?.dispose();
      h = null;
    });

    it('compiles once and runs with each call’s own values, on the pool and inside a transaction', async () => {
      h = await target.open();
      const harness = h;
      const seller = await seedSeller(harness);
      const orders = [newOrder(seller.id), newOrder(seller.id), newOrder(seller.id)];
      await harness.store.transaction(async (tx) => {
        for (const order of orders) await tx.orders.insert(order);
      });
      let builds = 0;
      const byIdAndSeller = precompiled(['id', 'sellerId'], (db, p) => {
        builds += 1;
        // A constant of the query ('%') sits between the two named parameters and must stay.
        return db.selectFrom('orders').select(['id', 'item_name']).where('seller_id', '=', p.sellerId).where('item_name', 'like', '%').where('id', '=', p.id);
      });
      for (const order of orders) {
        expect(await byIdAndSeller.execute(harness.db, harness.dialect, { id: order.id, sellerId: seller.id })).toStrictEqual([{ id: order.id, item_name: order.itemName }]);
      }
      expect(await byIdAndSeller.execute(harness.db, harness.dialect, { id: orders[0]!.id, sellerId: 'someone-else' })).toStrictEqual([]);
      // Values are bound, never spliced into the SQL.
      expect(await byIdAndSeller.execute(harness.db, harness.dialect, { id: "' or '1'='1", sellerId: seller.id })).toStrictEqual([]);
      await harness.db.transaction().execute(async (trx) => {
        expect(await byIdAndSeller.execute(trx, harness.dialect, { id: orders[1]!.id, sellerId: seller.id })).toHaveLength(1);
      });
      expect(builds).toBe(1);
    });

    it('refuses a parameter the query does not bind as a value', async () => {
      h = await target.open();
      const harness = h;
      const unused = precompiled(['id', 'forgotten'], (db, p) => db.selectFrom('orders').select('id').where('id', '=', p.id));
      await expect(unused.execute(harness.db, harness.dialect, { id: 'x', forgotten: 'y' })).rejects.toThrow('parameter "forgotten" is not a bound value');
    });
  });
}
