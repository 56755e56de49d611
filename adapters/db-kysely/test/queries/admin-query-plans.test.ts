import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersCountStatement, adminOrdersPageStatement } from '../../src/queries/admin-orders-query.js';
import { sqliteTarget, type StoreHarness } from '../support/store-harness.js';

/**
 * The admin Orders tab must stay fast with many orders (issue 6): each page is read off an
 * index newest first, and a search is answered by index look-ups (the unique tracking number,
 * orders_buyer_phone_created_id_idx, the orders of the sellers whose name matches), never by
 * reading every order. The statements are the ones src/queries/admin-orders-query.ts sends.
 */
describe('admin order list query plans on SQLite', () => {
  let harness: StoreHarness;
  beforeAll(async () => {
    harness = await sqliteTarget.open();
  });
  afterAll(async () => harness?.dispose());

  const plan = async (query: Compilable<unknown>) => {
    const compiled = query.compile();
    const rows = await harness.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
    return rows.rows.map((r) => r.detail).join('\n');
  };
  const page = { limit: 20, offset: 0 };
  const search = { trackingNumber: 'ABCDEFGH', buyerPhone: '+254712345678', businessName: 'amani' };

  it('pages all orders and one status straight off an index, with no sort step', async () => {
    const all = await plan(adminOrdersPageStatement(harness.db, {}, page));
    expect(all).toContain('orders_created_id_idx');
    const paid = await plan(adminOrdersPageStatement(harness.db, { status: 'paid' }, page));
    expect(paid).toContain('orders_status_created_id_idx');
    for (const p of [all, paid]) expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it('answers a search by index look-ups only: tracking number, buyer phone, and the matching sellers\' orders', async () => {
    for (const statement of [adminOrdersPageStatement(harness.db, { search }, page), adminOrdersCountStatement(harness.db, { search })]) {
      const p = await plan(statement);
      expect(p).toContain('MULTI-INDEX OR');
      expect(p).toMatch(/SEARCH orders USING INDEX sqlite_autoindex_orders_\d \(tracking_number=\?\)/);
      expect(p).toContain('orders_buyer_phone_created_id_idx (buyer_phone=?)');
      expect(p).toContain('orders_seller_created_id_idx (seller_id=?)');
      expect(p).not.toMatch(/SCAN orders\b/);
    }
  });
});
