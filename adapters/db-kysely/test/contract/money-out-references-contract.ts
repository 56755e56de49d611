import type { MoneyOutClaim, Order } from '@escrow/core';
import { expect, it } from 'vitest';
import { expectRefused, gate, sleep } from '../support/expectations.js';
import { at, newC2bPayment, newOrder, newStkRequest, receiptCode, seedSeller } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

async function orders(h: StoreHarness, count: number): Promise<Order[]> {
  const seller = await seedSeller(h);
  const made = Array.from({ length: count }, () => newOrder(seller.id));
  await h.store.transaction(async (tx) => {
    for (const o of made) await tx.orders.insert(o);
  });
  return made;
}

/** References of money going out (migration 0018, decision 0050). */
export function moneyOutReferencesContract(harness: HarnessAccess): void {
  it('records a reference once, upper case, across every kind; the same owner again is a yes; a lost claim does not spoil the transaction', async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const refund: MoneyOutClaim = { reference: ' rfd1234567 ', kind: 'refund', orderId: a!.id, ownerId: 'refund-1', at: at(3) };
    expect(await h.store.transaction((tx) => tx.moneyOutReferences.claim(refund))).toBe(true);
    expect(await h.store.read((tx) => tx.moneyOutReferences.get('Rfd1234567'))).toStrictEqual({ reference: 'RFD1234567', kind: 'refund', orderId: a!.id, ownerId: 'refund-1', recordedAt: at(3) });

    const outcome = await h.store.transaction(async (tx) => {
      const settlement = await tx.moneyOutReferences.claim({ reference: 'RFD1234567', kind: 'settlement', orderId: b!.id, ownerId: b!.id, at: at(4) });
      const payout = await tx.moneyOutReferences.claim({ reference: 'rfd1234567', kind: 'payout', orderId: a!.id, ownerId: 'payout-1', at: at(4) });
      const otherRefund = await tx.moneyOutReferences.claim({ ...refund, ownerId: 'refund-2', at: at(4) });
      const sameOwner = await tx.moneyOutReferences.claim({ ...refund, reference: 'RFD1234567', at: at(5) });
      const updated = await tx.orders.update(b!.id, 0, { itemName: 'written after the lost claims' });
      return { settlement, payout, otherRefund, sameOwner, updated };
    });
    expect(outcome).toEqual({ settlement: false, payout: false, otherRefund: false, sameOwner: true, updated: true });
    expect(await h.store.read((tx) => tx.orders.get(b!.id))).toMatchObject({ itemName: 'written after the lost claims' });
    expect(await h.db.selectFrom('money_out_references').selectAll().execute()).toEqual([{ reference: 'RFD1234567', kind: 'refund', order_id: a!.id, owner_id: 'refund-1', recorded_at: at(3).toISOString() }]);
    expect(await h.store.read((tx) => tx.moneyOutReferences.get('RFD7654321'))).toBeUndefined();
  });

  it('gives a reference to exactly one of many transactions claiming it at once', async () => {
    const h = harness();
    const made = await orders(h, 6);
    const results = await Promise.all(
      made.map((o, i) =>
        h.store.transaction(async (tx) => {
          await tx.orders.getForUpdate(o.id);
          return tx.moneyOutReferences.claim({ reference: i % 2 === 0 ? 'QAZ1234567' : 'qaz1234567', kind: i % 3 === 0 ? 'settlement' : 'refund', orderId: o.id, ownerId: `owner-${i}`, at: at(3) });
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await h.db.selectFrom('money_out_references').select('reference').execute()).toEqual([{ reference: 'QAZ1234567' }]);
  });

  it('a claim waits for a racing claim of the same reference to commit or roll back, and then answers by its outcome', async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const claim = (o: Order, owner: string) => ({ reference: 'WSX1234567', kind: 'refund' as const, orderId: o.id, ownerId: owner, at: at(3) });
    // The first holds its claim open and then rolls back: the second gets the reference.
    const held = gate();
    const claimed = gate<boolean>();
    const first = h.store
      .transaction(async (tx) => {
        claimed.open(await tx.moneyOutReferences.claim(claim(a!, 'first')));
        await held.promise;
        throw new Error('rolled back on purpose');
      })
      .catch((error: unknown) => error);
    expect(await claimed.promise).toBe(true);
    const second = h.store.transaction((tx) => tx.moneyOutReferences.claim(claim(b!, 'second')));
    await sleep(50);
    held.open();
    expect(String(await first)).toContain('rolled back on purpose');
    expect(await second).toBe(true);
    expect(await h.db.selectFrom('money_out_references').select('owner_id').execute()).toEqual([{ owner_id: 'second' }]);
  });

  it('tells whether a reference is a buyer payment receipt: claimed by an order, a confirmed Paybill payment, a paid prompt; any case', async () => {
    const h = harness();
    const [a] = await orders(h, 1);
    const claimedReceipt = receiptCode();
    const paybill = newC2bPayment();
    const prompt = newStkRequest(a!.id, { status: 'paid', callbackReceipt: receiptCode() });
    await h.store.transaction(async (tx) => {
      await tx.receipts.claim(claimedReceipt, a!.id, a!.price, at(2));
      await tx.mpesa.insertC2bPayment(paybill);
      await tx.mpesa.insertStkRequest(prompt);
    });
    for (const reference of [claimedReceipt, paybill.transId, prompt.callbackReceipt ?? '', ` ${claimedReceipt.toLowerCase()} `]) {
      expect(await h.store.read((tx) => tx.moneyOutReferences.isPaymentReceipt(reference)), reference).toBe(true);
    }
    expect(await h.store.read((tx) => tx.moneyOutReferences.isPaymentReceipt(receiptCode()))).toBe(false);
    // A recorded payout is money out, not a payment in.
    await h.store.transaction((tx) => tx.moneyOutReferences.claim({ reference: 'EDC1234567', kind: 'settlement', orderId: a!.id, ownerId: a!.id, at: at(3) }));
    expect(await h.store.read((tx) => tx.moneyOutReferences.isPaymentReceipt('EDC1234567'))).toBe(false);
  });

  it('refuses what no claim can mean: an unknown kind or order, an order on an unmatched refund, none on the others, an empty reference', async () => {
    const h = harness();
    const [a] = await orders(h, 1);
    const base: MoneyOutClaim = { reference: 'RFV1234567', kind: 'refund', orderId: a!.id, ownerId: 'refund-1', at: at(3) };
    await expectRefused(h.store.transaction((tx) => tx.moneyOutReferences.claim({ ...base, kind: 'gift' as MoneyOutClaim['kind'] })), 'check');
    await expectRefused(h.store.transaction((tx) => tx.moneyOutReferences.claim({ ...base, orderId: 'no-such-order' })), 'foreign_key');
    await expectRefused(h.store.transaction((tx) => tx.moneyOutReferences.claim({ ...base, orderId: null })), 'check');
    await expectRefused(h.store.transaction((tx) => tx.moneyOutReferences.claim({ ...base, kind: 'unmatched_refund' })), 'check');
    await expectRefused(h.store.transaction((tx) => tx.moneyOutReferences.claim({ ...base, reference: '   ' })), 'check');
    expect(await h.store.transaction((tx) => tx.moneyOutReferences.claim({ ...base, kind: 'unmatched_refund', orderId: null, ownerId: 'QKX1234567' }))).toBe(true);
  });
}
