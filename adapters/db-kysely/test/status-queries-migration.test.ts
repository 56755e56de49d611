import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyEscrowStore, escrowMigrations, type DatabaseHandle } from '../src/index.js';
import { codecFor } from '../src/store/codec.js';
import { orderToRow } from '../src/store/order-mapping.js';
import { at, newOrder, newStatusQuery, seedSeller } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';
import type { StoreHarness } from './support/store-harness.js';

const { unmigrated, dialects } = await migrationWorld('Transaction Status queries migration');

async function indexNames(handle: DatabaseHandle, schema: string | undefined): Promise<string[]> {
  const rows =
    handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('status_queries', 'orders')`.execute(handle.db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = ${schema ?? ''} and tablename in ('status_queries', 'orders')`.execute(handle.db);
  return rows.rows.map((r) => r.name);
}

describe.each(dialects)('migration 0013-status-queries on %s', (dialect) => {
  it('adds status_queries and the index on claims to a database with claims already made; those claims are found and asked about', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const upTo12 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0013'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo12 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    // A claim made before 0013 (the code of 0011 wrote it).
    const seller = await seedSeller({ db: handle.db, dialect } as StoreHarness, {}, { beforeMigration0017: true });
    const claim = newOrder(seller.id, { paymentClaimReceipt: 'CLAIMED001', paymentClaimedAt: at(3), termsAcceptedAt: at(3) });
    // As a row of that time: without the columns of later steps (0015's view key and payer).
    const { buyer_view_key: _viewKey, payer_phone: _payerPhone, payer_token: _payerToken, buyer_locale: _buyerLocale, ...row } = orderToRow(claim, codecFor(dialect));
    await handle.db.insertInto('orders').values(row).execute();

    await handle.migrate();
    expect(await indexNames(handle, schema)).toEqual(expect.arrayContaining(['status_queries_claim_attempt_idx', 'status_queries_conversation_idx', 'status_queries_receipt_outcome_idx', 'orders_payment_claimed_at_idx']));

    const store = createKyselyEscrowStore(handle.db, dialect);
    const window = { now: at(10), claimedFrom: at(0), claimedUntil: at(8), limit: 10 };
    expect(await store.read((tx) => tx.mpesa.listClaimsToCheck(window))).toStrictEqual([{ orderId: claim.id, trackingNumber: claim.trackingNumber, receipt: 'CLAIMED001', claimedAt: at(3), attempts: 0 }]);
    const query = newStatusQuery(claim.id, { receipt: 'CLAIMED001', nextAttemptAt: at(12) });
    expect(await store.transaction((tx) => tx.mpesa.insertStatusQuery(query))).toBe(true);
    expect(await store.read((tx) => tx.mpesa.listClaimsToCheck(window))).toEqual([]);
    expect(await store.read((tx) => tx.mpesa.listStatusQueriesForOrder(claim.id))).toStrictEqual([query]);
  });
});
