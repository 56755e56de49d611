import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTarget, type StoreHarness } from '../support/store-harness.js';

/**
 * The paged lists must read a page straight off an index, newest first, instead of sorting all
 * of a seller's orders for every page (docs/decisions/0019; migration 0005-order-list-indexes).
 * The statements are the shapes the read models in src/queries send.
 */
describe('list query plans on SQLite', () => {
  let harness: StoreHarness;
  beforeAll(async () => {
    harness = await sqliteTarget.open();
  });
  afterAll(async () => harness?.dispose());

  const plan = async (query: RawBuilder<unknown>) => {
    const rows = (await sql<{ detail: string }>`explain query plan ${query}`.execute(harness.db)).rows;
    return rows.map((r) => r.detail).join('\n');
  };

  it('the seller list, the admin list (all and by status) and the refund queue use an index for their order, with no sort step', async () => {
    const sellerList = await plan(sql`select id from orders where seller_id = ${'s'} order by created_at desc, id desc limit 20 offset 0`);
    expect(sellerList).toContain('orders_seller_created_id_idx');
    const adminAll = await plan(sql`select orders.id from orders left join sellers on sellers.id = orders.seller_id order by orders.created_at desc, orders.id desc limit 20`);
    expect(adminAll).toContain('orders_created_id_idx');
    const adminByStatus = await plan(sql`select orders.id from orders left join sellers on sellers.id = orders.seller_id where orders.status = 'paid' order by orders.created_at desc, orders.id desc limit 20`);
    expect(adminByStatus).toContain('orders_status_created_id_idx');
    const refunds = await plan(sql`select refund_requests.id from refund_requests inner join orders on orders.id = refund_requests.order_id where refund_requests.status = 'open' order by refund_requests.created_at asc, refund_requests.id asc limit 20`);
    expect(refunds).toContain('refund_requests_status_created_idx');
    for (const p of [sellerList, adminAll, adminByStatus, refunds]) expect(p).not.toMatch(/TEMP B-TREE/);
  });
});
