import { randomUUID } from 'node:crypto';
import type { EscrowStore, Order, RefundRequest } from '@escrow/core';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyEscrowStore, escrowMigrations } from '../src/index.js';
import { codecFor } from '../src/store/codec.js';
import { orderToRow } from '../src/store/order-mapping.js';
import { at, newC2bPayment, newOrder, seedSeller } from './support/fixtures.js';
import type { StoreHarness } from './support/store-harness.js';
import { migrationWorld } from './support/unmigrated.js';

const { unmigrated, dialects } = await migrationWorld('money-out references migration');

describe.each(dialects)('migration 0018-money-out-references on %s', (dialect) => {
  it('backfills refunds, Mark Paid references and unmatched refunds, upper case; of duplicates the earliest is kept and the migration does not fail', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const before18 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0018'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => before18 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    // What the code before 0018 wrote: two refunds with one reference (the bug), a Mark Paid
    // reference used twice in different case and spacing, a refund and a settlement sharing one.
    const store = createKyselyEscrowStore(handle.db, dialect);
    const seller = await seedSeller({ db: handle.db, dialect } as StoreHarness);
    const [a, b, c, d, e, f, g] = Array.from({ length: 7 }, () => newOrder(seller.id));
    // Rows as the code before 0018 wrote them: without the columns later migrations add (0022's buyer_locale).
    const codec = codecFor(dialect);
    for (const o of [a, b, c, d, e, f, g]) {
      const { buyer_locale: _buyerLocale, ...before0022 } = orderToRow(o!, codec);
      await handle.db.insertInto('orders').values(before0022).execute();
    }
    const refunded = await refund(store, a!, 'RFD1111111', at(5));
    const refundedAgain = await refund(store, b!, 'RFD1111111', at(7));
    const refundFirst = await refund(store, f!, 'rfd2222222', at(8));
    await settle(store, c!, 'b2c-778899 ', at(6));
    await settle(store, d!, 'B2C-778899', at(4));
    await settle(store, e!, 'RFD2222222', at(9));
    await settle(store, g!, null, at(9));
    // Not money out: a rejected request, an open one.
    const rejected: RefundRequest = { ...request(g!), status: 'rejected', resolvedAt: at(3), resolvedBy: 'admin-1', mpesaReference: null, resolutionNote: 'no' };
    await store.transaction((tx) => tx.refunds.insert(rejected));
    await store.transaction((tx) => tx.refunds.insert(request(e!)));
    const sentBack = newC2bPayment({ status: 'refunded', note: 'refunded by hand, M-Pesa reference RFD3333333', resolvedBy: 'admin-1', resolvedAt: at(2) });
    const attached = newC2bPayment({ status: 'attached', orderId: a!.id, note: 'attached by an admin (account typed: X)' });
    await store.transaction(async (tx) => {
      await tx.mpesa.insertC2bPayment(sentBack);
      await tx.mpesa.insertC2bPayment(attached);
    });

    await handle.migrate();

    const rows = await handle.db.selectFrom('money_out_references').selectAll().orderBy('reference').execute();
    expect(rows).toEqual([
      { reference: 'B2C-778899', kind: 'settlement', order_id: d!.id, owner_id: d!.id, recorded_at: at(4).toISOString() },
      { reference: 'RFD1111111', kind: 'refund', order_id: a!.id, owner_id: refunded.id, recorded_at: at(5).toISOString() },
      { reference: 'RFD2222222', kind: 'refund', order_id: f!.id, owner_id: refundFirst.id, recorded_at: at(8).toISOString() },
      { reference: 'RFD3333333', kind: 'unmatched_refund', order_id: null, owner_id: sentBack.transId, recorded_at: at(2).toISOString() },
    ]);
    // The later duplicates are left as they were, where they were.
    expect(await store.read((tx) => tx.refunds.get(refundedAgain.id))).toMatchObject({ status: 'refunded', mpesaReference: 'RFD1111111' });
    expect(await store.read((tx) => tx.orders.get(c!.id))).toMatchObject({ settlementReference: 'b2c-778899 ', settlementPaid: true });

    // From now on a reference is recorded once: the backfilled ones are taken, in any case.
    const claim = (reference: string, order: Order, ownerId: string) => store.transaction((tx) => tx.moneyOutReferences.claim({ reference, kind: 'refund', orderId: order.id, ownerId, at: at(20) }));
    expect(await claim('rfd1111111', b!, refundedAgain.id)).toBe(false);
    expect(await claim('b2c-778899', g!, randomUUID())).toBe(false);
    expect(await claim('RFD3333333', g!, randomUUID())).toBe(false);
    expect(await claim('RFD1111111', a!, refunded.id)).toBe(true);
    expect(await claim('RFD4444444', g!, randomUUID())).toBe(true);
    // A Paybill payment's receipt stays a payment in, never a reference of money going out.
    expect(await store.read((tx) => tx.moneyOutReferences.isPaymentReceipt(attached.transId))).toBe(true);
  });
});

const request = (order: Order): RefundRequest => ({
  id: randomUUID(),
  orderId: order.id,
  requestedBy: 'buyer',
  reason: 'Not the model I ordered',
  status: 'open',
  createdAt: at(1),
  resolvedAt: null,
  resolvedBy: null,
  mpesaReference: null,
  resolutionNote: null,
});

async function refund(store: EscrowStore, order: Order, reference: string, when: Date): Promise<RefundRequest> {
  const open = request(order);
  await store.transaction(async (tx) => {
    await tx.refunds.insert(open);
    await tx.refunds.resolve(open.id, { status: 'refunded', resolvedAt: when, resolvedBy: 'admin-1', mpesaReference: reference, resolutionNote: null });
  });
  return open;
}

async function settle(store: EscrowStore, order: Order, reference: string | null, when: Date): Promise<void> {
  await store.transaction((tx) => tx.orders.update(order.id, 0, { settlementPaid: true, settledAt: when, settlementReference: reference, updatedAt: when }));
}
