import type { Feedback, Order, RefundRequest } from '@escrow/core';
import { expect, it } from 'vitest';
import { expectRefused } from '../support/expectations.js';
import { at, newOrder, receiptCode, seedSeller } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

async function twoOrders(h: StoreHarness): Promise<[Order, Order]> {
  const seller = await seedSeller(h);
  const orders: [Order, Order] = [newOrder(seller.id), newOrder(seller.id)];
  await h.store.transaction(async (tx) => {
    for (const o of orders) await tx.orders.insert(o);
  });
  return orders;
}

export function recordsContract(harness: HarnessAccess): void {
  it('claims an M-Pesa receipt once across all orders, without spoiling the transaction', async () => {
    const h = harness();
    const [a, b] = await twoOrders(h);
    const receipt = receiptCode();
    expect(await h.store.transaction((tx) => tx.receipts.claim(receipt, a.id, a.price, at(3)))).toBe(true);

    // A lost claim is an answer, not an error: the same transaction goes on and commits.
    const outcome = await h.store.transaction(async (tx) => {
      const again = await tx.receipts.claim(receipt, b.id, b.price, at(4));
      const sameOrder = await tx.receipts.claim(receipt, a.id, a.price, at(4));
      const updated = await tx.orders.update(b.id, 0, { itemName: 'written after the lost claim' });
      return { again, sameOrder, updated };
    });
    expect(outcome).toEqual({ again: false, sameOrder: false, updated: true });
    expect(await h.store.read((tx) => tx.orders.get(b.id))).toMatchObject({ itemName: 'written after the lost claim' });

    const rows = await h.db.selectFrom('payment_receipts').selectAll().execute();
    expect(rows).toEqual([{ receipt, order_id: a.id, amount: a.price, claimed_at: at(3).toISOString() }]);
  });

  it('gives a receipt to exactly one of two transactions claiming it at once', async () => {
    const h = harness();
    const [a, b] = await twoOrders(h);
    const receipt = receiptCode();
    const results = await Promise.all(
      [a, b].map((o) =>
        h.store.transaction(async (tx) => {
          await tx.orders.getForUpdate(o.id);
          return tx.receipts.claim(receipt, o.id, o.price, at(3));
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await h.db.selectFrom('payment_receipts').select('receipt').execute()).toHaveLength(1);
  });

  it('keeps feedback once per order and refuses ratings outside 1..5', async () => {
    const h = harness();
    const [a, b] = await twoOrders(h);
    const first: Feedback = { orderId: a.id, buyerName: 'Wanjiru', riderRating: 5, sellerRating: 1, comment: 'Fast, but the box was dented', createdAt: at(10) };
    expect(await h.store.transaction((tx) => tx.feedback.insert(first))).toBe(true);
    expect(await h.store.transaction((tx) => tx.feedback.insert({ ...first, riderRating: 1, comment: 'changed my mind' }))).toBe(false);
    expect(await h.store.read((tx) => tx.feedback.get(a.id))).toStrictEqual(first);

    const noComment: Feedback = { ...first, orderId: b.id, comment: null };
    for (const rating of [0, 6]) {
      await expectRefused(h.store.transaction((tx) => tx.feedback.insert({ ...noComment, riderRating: rating })), 'check');
      await expectRefused(h.store.transaction((tx) => tx.feedback.insert({ ...noComment, sellerRating: rating })), 'check');
    }
    expect(await h.store.transaction((tx) => tx.feedback.insert(noComment))).toBe(true);
    expect(await h.store.read((tx) => tx.feedback.get(b.id))).toStrictEqual(noComment);
    expect(await h.store.read((tx) => tx.feedback.get('no-such-order'))).toBeUndefined();
    await expectRefused(h.store.transaction((tx) => tx.feedback.insert({ ...first, orderId: 'no-such-order' })), 'foreign_key');
  });

  it('resolves a refund request once, and allows one open request per order', async () => {
    const h = harness();
    const [a, b] = await twoOrders(h);
    const request: RefundRequest = {
      id: 'refund-1',
      orderId: a.id,
      requestedBy: 'buyer',
      reason: 'The phone is not the model I ordered',
      status: 'open',
      createdAt: at(10),
      resolvedAt: null,
      resolvedBy: null,
      mpesaReference: null,
      resolutionNote: null,
    };
    await h.store.transaction((tx) => tx.refunds.insert(request));
    expect(await h.store.read((tx) => tx.refunds.get(request.id))).toStrictEqual(request);
    expect(await h.store.read((tx) => tx.refunds.findOpenByOrder(a.id))).toStrictEqual(request);
    await expectRefused(h.store.transaction((tx) => tx.refunds.insert({ ...request, id: 'refund-2', requestedBy: 'seller' })), 'unique');

    const refunded = { status: 'refunded', resolvedAt: at(11), resolvedBy: 'admin:user-9', mpesaReference: 'RFD1234567', resolutionNote: 'Wrong model' } as const;
    expect(await h.store.transaction((tx) => tx.refunds.resolve(request.id, refunded))).toBe(true);
    expect(await h.store.transaction((tx) => tx.refunds.resolve(request.id, { ...refunded, status: 'rejected', resolutionNote: 'late' }))).toBe(false);
    expect(await h.store.read((tx) => tx.refunds.get(request.id))).toStrictEqual({ ...request, ...refunded });
    expect(await h.store.read((tx) => tx.refunds.findOpenByOrder(a.id))).toBeUndefined();
    expect(await h.store.transaction((tx) => tx.refunds.resolve('no-such-refund', refunded))).toBe(false);

    // Once resolved, the order may get a new request; an "open" one cannot claim a resolution.
    await h.store.transaction((tx) => tx.refunds.insert({ ...request, id: 'refund-3' }));
    await expectRefused(h.store.transaction((tx) => tx.refunds.insert({ ...request, id: 'refund-4', orderId: b.id, resolvedAt: at(12) })), 'check');
  });

  it('reads the buyer page in one go: the order, its seller, its feedback and whether a refund is open', async () => {
    const h = harness();
    const [a, b] = await twoOrders(h);
    const seller = await h.store.read((tx) => tx.sellers.get(a.sellerId));
    expect(seller).toBeDefined();
    expect(await h.store.read((tx) => tx.orders.getBuyerPage(a.id))).toStrictEqual({ order: a, seller, feedback: null, refundRequested: false });
    expect(await h.store.read((tx) => tx.orders.getBuyerPage('no-such-order'))).toBeUndefined();

    const feedback: Feedback = { orderId: a.id, buyerName: 'Wanjiru', riderRating: 4, sellerRating: 5, comment: "It's <b>fine</b>'; drop table orders; --", createdAt: at(10) };
    const refund: RefundRequest = { id: 'refund-page', orderId: a.id, requestedBy: 'buyer', reason: 'Wrong colour', status: 'open', createdAt: at(11), resolvedAt: null, resolvedBy: null, mpesaReference: null, resolutionNote: null };
    await h.store.transaction(async (tx) => {
      await tx.feedback.insert(feedback);
      await tx.refunds.insert(refund);
    });
    const page = await h.store.transaction((tx) => tx.orders.getBuyerPage(a.id));
    expect(page).toStrictEqual({ order: a, seller, feedback, refundRequested: true });
    // The other order of the same seller sees none of it.
    expect(await h.store.read((tx) => tx.orders.getBuyerPage(b.id))).toStrictEqual({ order: b, seller, feedback: null, refundRequested: false });

    // A resolved request is not open; the page agrees with findOpenByOrder.
    await h.store.transaction((tx) => tx.refunds.resolve(refund.id, { status: 'rejected', resolvedAt: at(12), resolvedBy: 'admin:user-1', mpesaReference: null, resolutionNote: 'Delivered as ordered' }));
    expect((await h.store.read((tx) => tx.orders.getBuyerPage(a.id)))?.refundRequested).toBe(false);
    expect(await h.store.read((tx) => tx.refunds.findOpenByOrder(a.id))).toBeUndefined();
  });
}
