import type { Order } from '@escrow/core';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyEscrowStore, escrowMigrations } from '../src/index.js';
import { codecFor } from '../src/store/codec.js';
import { orderToRow } from '../src/store/order-mapping.js';
import { at, newOrder, newStkRequest, receiptCode, seedSeller } from './support/fixtures.js';
import { migrationWorld } from './support/unmigrated.js';
import type { StoreHarness } from './support/store-harness.js';

const { unmigrated, dialects } = await migrationWorld('M-Pesa payments migration');

describe.each(dialects)('migration 0011-mpesa-payments on %s', (dialect) => {
  it('adds the tables and the order columns to a database that has orders and postings; old orders read back unverified (nulls), the ledger intact and still append-only', async () => {
    const { handle, schema } = await unmigrated(dialect);
    const upTo10 = Object.fromEntries(Object.entries(escrowMigrations(dialect)).filter(([name]) => name < '0011'));
    const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: async () => upTo10 }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(error).toBeUndefined();

    // Orders as the code before 0011 wrote them: one paid on a typed receipt alone, one awaiting payment.
    const seller = await seedSeller({ db: handle.db, dialect } as StoreHarness, {}, { beforeMigration0017: true });
    const receipt = receiptCode();
    const paid = newOrder(seller.id, { status: 'paid', paymentConfirmed: true, paymentConfirmedAt: at(3), termsAcceptedAt: at(3), mpesaReceipt: receipt, updatedAt: at(3), version: 1 });
    const waiting = newOrder(seller.id);
    const codec = codecFor(dialect);
    for (const order of [{ ...paid, mpesaReceipt: null }, waiting]) {
      const {
        payment_verified_by: _verified,
        payment_received: _received,
        payment_claimed_at: _claimed,
        payment_claim_receipt: _claim,
        buyer_view_key: _viewKey,
        payer_phone: _payerPhone,
        payer_token: _payerToken,
        buyer_locale: _buyerLocale,
        ...before0011
      } = orderToRow(order, codec);
      await handle.db.insertInto('orders').values(before0011).execute();
    }
    await handle.db.insertInto('payment_receipts').values({ receipt, order_id: paid.id, amount: paid.price, claimed_at: at(3).toISOString() }).execute();
    await handle.db.updateTable('orders').set({ mpesa_receipt: receipt }).where('id', '=', paid.id).execute();

    // A posting written before 0011: the ledger table is rebuilt on SQLite to widen its kinds.
    const before = createKyselyEscrowStore(handle.db, dialect);
    const posting = { id: 'posting-before-0011', orderId: paid.id, kind: 'payment_in' as const, reference: receipt, createdAt: at(3), entries: [{ account: 'mpesa_clearing', amount: -paid.price }, { account: 'escrow', amount: paid.price }] };
    await before.transaction((tx) => tx.ledger.append([posting]));

    await handle.migrate();

    const store = createKyselyEscrowStore(handle.db, dialect);
    const [readPaid, readWaiting] = await store.read((tx) => Promise.all([tx.orders.get(paid.id), tx.orders.get(waiting.id)]));
    const unverified: Pick<Order, 'paymentVerifiedBy' | 'paymentReceived' | 'paymentClaimedAt' | 'paymentClaimReceipt'> = { paymentVerifiedBy: null, paymentReceived: null, paymentClaimedAt: null, paymentClaimReceipt: null };
    // Migration 0015 gave each old order a view key of its own for its buyer link.
    expect(readPaid?.buyerViewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readWaiting?.buyerViewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readPaid?.buyerViewKey).not.toBe(readWaiting?.buyerViewKey);
    expect(readPaid).toStrictEqual({ ...paid, ...unverified, buyerViewKey: readPaid?.buyerViewKey });
    expect(readWaiting).toStrictEqual({ ...waiting, ...unverified, buyerViewKey: readWaiting?.buyerViewKey });
    expect(await store.read((tx) => tx.mpesa.listC2bPayments({ limit: 10 }))).toEqual([]);
    expect(await store.read((tx) => tx.ledger.listByOrder(paid.id))).toStrictEqual([posting]);
    // The new kinds are taken; the table is still append-only and the once-per-order rule holds.
    const claim = { id: 'claim-after-0011', orderId: waiting.id, kind: 'payment_claimed' as const, reference: 'QCLAIM0001', createdAt: at(4), entries: [{ account: 'mpesa_clearing', amount: -waiting.price }, { account: 'mpesa_unverified', amount: waiting.price }] };
    await store.transaction((tx) => tx.ledger.append([claim]));
    await expect(handle.db.updateTable('ledger_postings').set({ reference: 'X' }).where('id', '=', posting.id).execute()).rejects.toThrow(/append-only/);
    await expect(handle.db.deleteFrom('ledger_postings').where('id', '=', posting.id).execute()).rejects.toThrow(/append-only/);
    await expect(store.transaction((tx) => tx.ledger.append([{ ...posting, id: 'posting-twice' }]))).rejects.toThrow();

    // The old order takes STK requests and the new columns like any other.
    const request = newStkRequest(waiting.id);
    await store.transaction((tx) => tx.mpesa.insertStkRequest(request));
    expect(await store.read((tx) => tx.mpesa.listStkRequestsForOrder(waiting.id))).toStrictEqual([request]);
    expect(await store.transaction((tx) => tx.orders.update(waiting.id, 0, { paymentVerifiedBy: 'stk_query', paymentReceived: waiting.price }))).toBe(true);
    expect(await store.read((tx) => tx.orders.get(waiting.id))).toMatchObject({ paymentVerifiedBy: 'stk_query', paymentReceived: waiting.price, version: 1 });
  });
});
