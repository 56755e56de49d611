import type { Order, OrderChanges } from '@escrow/core';
import { expect, it } from 'vitest';
import { expectRefused } from '../support/expectations.js';
import { at, cents, newOrder, receiptCode, seedSeller, trackingNumber } from '../support/fixtures.js';
import type { HarnessAccess } from './harness-access.js';

export function ordersContract(harness: HarnessAccess): void {
  it('round-trips a fresh order with every optional field empty', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const order = newOrder(seller.id);
    await h.store.transaction((tx) => tx.orders.insert(order));

    const read = await h.store.read((tx) => tx.orders.get(order.id));
    expect(read).toStrictEqual(order);
    expect(await h.store.transaction((tx) => tx.orders.getForUpdate(order.id))).toStrictEqual(order);
  });

  it('round-trips every changeable field set to a value (and back through the update)', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const order = newOrder(seller.id);
    const receipt = receiptCode();
    // `satisfies Required<...>`: a field added to Order without a case here fails to compile.
    const changes = {
      trackingNumber: trackingNumber(),
      itemName: 'iPhone 13 Pro 256GB — "Sierra Blue" (ex-UK) 📱',
      price: cents(1_000_000_000),
      productPhotoUrl: '/uploads/order-photos/products/20260115-a1.jpg',
      packagedPhotoUrl: '/uploads/order-photos/packaged/20260115-b2.jpg',
      pickupPhotoUrl: '/uploads/order-photos/pickup/20260115-c3.jpg',
      paymentMethod: 'mpesa_pod',
      buyerCashAmount: cents(12_345),
      buyerName: "Achieng' O'Brien",
      buyerPhone: '+254722000111',
      buyerLocale: 'sw',
      buyerAddress: 'Kileleshwa, Othaya Rd',
      pinLocationLink: 'https://maps.app.goo.gl/abc?x=1&y=2',
      landmark: 'Opposite Naivas',
      houseNumber: 'B12',
      estate: 'Kileleshwa Gardens',
      pickupLocation: 'CBD, Moi Avenue',
      deliveryCode: '100000',
      deliveryCost: cents(0),
      deliveryPaidBy: 'seller',
      feeBasisPoints: 10_000,
      serviceFee: cents(25_000_000),
      sellerPayout: cents(974_999_999),
      riderPayout: cents(1),
      status: 'settlement_completed',
      paymentConfirmed: true,
      paymentConfirmedAt: at(3, 1),
      mpesaReceipt: receipt,
      paymentVerifiedBy: 'admin:3f0c2a9e-user',
      paymentReceived: cents(1_000_000_050),
      paymentClaimedAt: at(2, 9),
      paymentClaimReceipt: 'QCLAIM1234',
      termsAcceptedAt: at(3, 2),
      settlementPaid: true,
      settledAt: at(9, 3),
      settlementReference: 'PAYOUT-778',
      riderName: 'Kamau',
      riderPhone: '+254733333333',
      riderKey: 'k3y_-AbC9',
      riderAssignedAt: at(4),
      riderAcceptedAt: at(5),
      pickedUpAt: at(6),
      deliveredAt: at(7),
      cancelledAt: at(8),
      codeAttempts: 4,
      codeLockedAt: at(7, 5),
      estimatedDistanceKm: 7.25,
      estimatedTimeMinutes: 32.5,
      buyerViewKey: 'AbCdEfGhIjKlMnOpQrStUv',
      payerPhone: '+254712000111',
      payerToken: 'payer-token_123',
      updatedAt: at(9, 9),
    } satisfies Required<OrderChanges>;

    await h.store.transaction(async (tx) => {
      await tx.orders.insert(order);
      expect(await tx.receipts.claim(receipt, order.id, order.price, at(3))).toBe(true);
      expect(await tx.orders.update(order.id, order.version, changes)).toBe(true);
    });

    const expected: Order = { ...order, ...changes, version: order.version + 1 };
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toStrictEqual(expected);

    // ...and every field back to empty, so each nullable column is proven both ways.
    const cleared: OrderChanges = {
      productPhotoUrl: null,
      buyerCashAmount: null,
      paymentConfirmedAt: null,
      mpesaReceipt: null,
      paymentVerifiedBy: null,
      paymentReceived: null,
      paymentClaimedAt: null,
      paymentClaimReceipt: null,
      settledAt: null,
      riderPhone: null,
      codeLockedAt: null,
      estimatedDistanceKm: null,
      paymentConfirmed: false,
    };
    expect(await h.store.transaction((tx) => tx.orders.update(order.id, 1, cleared))).toBe(true);
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toStrictEqual({ ...expected, ...cleared, version: 2 });
  });

  it('carries the payment verification columns (migration 0011) through every read and both kinds of update', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const order = newOrder(seller.id, { status: 'paid', paymentConfirmed: true, paymentConfirmedAt: at(3), paymentVerifiedBy: 'c2b_confirmation', paymentReceived: cents(19_000_00) });
    await h.store.transaction((tx) => tx.orders.insert(order));

    expect(await h.store.read((tx) => tx.orders.get(order.id))).toStrictEqual(order);
    expect(await h.store.transaction((tx) => tx.orders.getForUpdate(order.id))).toStrictEqual(order);
    expect((await h.store.read((tx) => tx.orders.getBuyerPage(order.id)))?.order).toStrictEqual(order);
    expect(await h.store.read((tx) => tx.orders.listBySeller(seller.id, { limit: 5, offset: 0 }))).toStrictEqual([order]);

    // After getForUpdate (PostgreSQL holds the update for the flush before COMMIT)...
    await h.store.transaction(async (tx) => {
      const locked = await tx.orders.getForUpdate(order.id);
      expect(await tx.orders.update(order.id, locked?.version ?? -1, { paymentVerifiedBy: 'admin:4b1d', paymentReceived: cents(0) })).toBe(true);
    });
    const afterHeld: Order = { ...order, paymentVerifiedBy: 'admin:4b1d', paymentReceived: cents(0), version: 1 };
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toStrictEqual(afterHeld);
    // ...and without it (a plain conditional UPDATE).
    expect(await h.store.transaction((tx) => tx.orders.update(order.id, 1, { paymentVerifiedBy: 'stk_query', paymentReceived: cents(19_000_01) }))).toBe(true);
    expect(await h.db.selectFrom('orders').select(['payment_verified_by', 'payment_received']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
      payment_verified_by: 'stk_query',
      payment_received: 19_000_01,
    });
  });

  it('returns undefined for an unknown order', async () => {
    const h = harness();
    expect(await h.store.read((tx) => tx.orders.get('no-such-order'))).toBeUndefined();
    expect(await h.store.transaction((tx) => tx.orders.getForUpdate('no-such-order'))).toBeUndefined();
  });

  it('applies a conditional update once: the same expected version loses the second time', async () => {
    const h = harness();
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));

    expect(await h.store.transaction((tx) => tx.orders.update(order.id, 0, { itemName: 'first writer', status: 'paid' }))).toBe(true);
    expect(await h.store.transaction((tx) => tx.orders.update(order.id, 0, { itemName: 'stale writer', status: 'cancelled' }))).toBe(false);
    const afterRace = await h.store.read((tx) => tx.orders.get(order.id));
    expect(afterRace).toMatchObject({ itemName: 'first writer', status: 'paid', version: 1 });

    expect(await h.store.transaction((tx) => tx.orders.update(order.id, 1, { itemName: 'next writer' }))).toBe(true);
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toMatchObject({ itemName: 'next writer', version: 2 });
    expect(await h.store.transaction((tx) => tx.orders.update('no-such-order', 0, { itemName: 'x' }))).toBe(false);
  });

  it('refuses to change the id, seller, creation time or version through an update', async () => {
    const h = harness();
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    for (const change of [{ version: 9 }, { id: 'other' }, { sellerId: 'other' }, { createdAt: at(30) }]) {
      await expect(h.store.transaction((tx) => tx.orders.update(order.id, 0, change as OrderChanges))).rejects.toThrow(/cannot be changed/);
    }
    await expect(h.store.transaction((tx) => tx.orders.update(order.id, 0, { colour: 'red' } as OrderChanges))).rejects.toThrow(/unknown order field/);
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toStrictEqual(order);
  });

  it('enforces a unique tracking number; insertIfTrackingNumberFree writes nothing when it is taken', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const first = newOrder(seller.id);
    await h.store.transaction((tx) => tx.orders.insert(first));
    const clash = newOrder(seller.id, { trackingNumber: first.trackingNumber });
    // The transaction stays usable after the refusal (no aborted PostgreSQL transaction).
    const fresh = newOrder(seller.id, { trackingNumber: trackingNumber() });
    expect(await h.store.transaction(async (tx) => [await tx.orders.insertIfTrackingNumberFree(clash), await tx.orders.insertIfTrackingNumberFree(fresh)])).toEqual([false, true]);
    expect(await h.store.read((tx) => tx.orders.get(clash.id))).toBeUndefined();
    expect(await h.store.read((tx) => tx.orders.get(fresh.id))).toStrictEqual(fresh);
    expect(await h.store.read((tx) => tx.orders.get(first.id))).toStrictEqual(first);
    await expectRefused(
      h.store.transaction((tx) => tx.orders.insert(newOrder(seller.id, { trackingNumber: first.trackingNumber }))),
      'unique',
    );
  });

  it('refuses a negative amount in every money column, on insert and on update', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    for (const field of ['price', 'buyerCashAmount', 'deliveryCost', 'serviceFee', 'sellerPayout', 'riderPayout', 'paymentReceived'] as const) {
      await expectRefused(h.store.transaction((tx) => tx.orders.insert(newOrder(seller.id, { [field]: -1 } as Partial<Order>))), 'check');
    }
    const order = newOrder(seller.id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    await expectRefused(h.store.transaction((tx) => tx.orders.update(order.id, 0, { sellerPayout: cents(-500) })), 'check');
    await expectRefused(h.store.transaction((tx) => tx.orders.update(order.id, 0, { paymentReceived: cents(-1) })), 'check');
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toStrictEqual(order);
  });

  it('refuses values outside the closed sets (status, payment method, delivery payer) and malformed codes', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const bad: Partial<Record<keyof Order, unknown>>[] = [
      { status: 'shipped' },
      { paymentMethod: 'card' },
      { deliveryPaidBy: 'platform' },
      { deliveryCode: '12345' },
      { trackingNumber: 'ABCDEFGHJKLMN' },
      { feeBasisPoints: 10_001 },
      { codeAttempts: -1 },
    ];
    for (const fields of bad) {
      await expectRefused(h.store.transaction((tx) => tx.orders.insert(newOrder(seller.id, fields as Partial<Order>))), 'check');
    }
  });

  it('enforces foreign keys: the seller must exist, and an order may only carry a receipt it claimed', async () => {
    const h = harness();
    await expectRefused(h.store.transaction((tx) => tx.orders.insert(newOrder('no-such-seller'))), 'foreign_key');

    const seller = await seedSeller(h);
    const a = newOrder(seller.id);
    const b = newOrder(seller.id);
    const receipt = receiptCode();
    await h.store.transaction(async (tx) => {
      await tx.orders.insert(a);
      await tx.orders.insert(b);
      await tx.receipts.claim(receipt, a.id, a.price, at(3));
    });
    await expectRefused(h.store.transaction((tx) => tx.orders.update(b.id, 0, { mpesaReceipt: receipt })), 'foreign_key');
    await expectRefused(h.store.transaction((tx) => tx.orders.update(a.id, 0, { mpesaReceipt: receiptCode() })), 'foreign_key');
    expect(await h.store.transaction((tx) => tx.orders.update(a.id, 0, { mpesaReceipt: receipt }))).toBe(true);
  });
}
