import type { CodeAttempt, OrderEvent, RiderPaymentConfirmation } from '@escrow/core';
import { expect, it } from 'vitest';
import { expectRefused } from '../support/expectations.js';
import { at, newOrder, newRider, phone, seedSeller } from '../support/fixtures.js';
import type { HarnessAccess } from './harness-access.js';

export function peopleAndAuditContract(harness: HarnessAccess): void {
  it("keeps a seller's riders: one per phone per seller, listed in the order added, deletable", async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const other = await seedSeller(h);
    const first = newRider(seller.id, { createdAt: at(1) });
    const second = newRider(seller.id, { createdAt: at(2), name: 'Njoroge', motorbikePlate: 'KDA 001X' });
    await h.store.transaction(async (tx) => {
      await tx.riders.insert(second);
      await tx.riders.insert(first);
      await tx.riders.insert(newRider(other.id, { phone: first.phone })); // the same rider may work for two sellers
    });
    expect(await h.store.read((tx) => tx.riders.get(first.id))).toStrictEqual(first);
    expect(await h.store.read((tx) => tx.riders.listBySeller(seller.id))).toStrictEqual([first, second]);
    expect(await h.store.read((tx) => tx.riders.findBySellerAndPhone(seller.id, second.phone))).toStrictEqual(second);
    expect(await h.store.read((tx) => tx.riders.findBySellerAndPhone(seller.id, phone()))).toBeUndefined();
    await expectRefused(h.store.transaction((tx) => tx.riders.insert(newRider(seller.id, { phone: first.phone }))), 'unique');
    await expectRefused(h.store.transaction((tx) => tx.riders.insert(newRider('no-such-seller'))), 'foreign_key');

    expect(await h.store.transaction((tx) => tx.riders.delete(first.id))).toBe(true);
    expect(await h.store.transaction((tx) => tx.riders.delete(first.id))).toBe(false);
    expect(await h.store.read((tx) => tx.riders.listBySeller(seller.id))).toStrictEqual([second]);
  });

  it('adds a rider unless the phone is listed, in one statement: 20 concurrent adds of one phone leave one rider and all return it', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const first = newRider(seller.id, { createdAt: at(1) });
    expect(await h.store.transaction((tx) => tx.riders.insertUnlessListed(first))).toStrictEqual(first);
    // Sequentially: the listed rider, not the new one.
    expect(await h.store.transaction((tx) => tx.riders.insertUnlessListed(newRider(seller.id, { phone: first.phone, name: 'Other' })))).toStrictEqual(first);
    const racedPhone = phone();
    const raced = await Promise.all(Array.from({ length: 20 }, (_, i) => h.store.transaction((tx) => tx.riders.insertUnlessListed(newRider(seller.id, { phone: racedPhone, name: `Racer ${i}` })))));
    const listed = (await h.store.read((tx) => tx.riders.listBySeller(seller.id))).filter((r) => r.phone === racedPhone);
    expect(listed).toHaveLength(1);
    expect(raced.every((r) => r?.id === listed[0]?.id)).toBe(true);
  });

  it('reads the parts of a seller the escrow flow needs', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const anonymised = await seedSeller(h, { email: null });
    const smsOnly = await seedSeller(h, { notifyBySms: true, notifyByEmail: false });
    const emailOnly = await seedSeller(h, { notifyBySms: false, notifyByEmail: true });
    const none = { phone: null, paybillNumber: null, accountReference: null, tillNumber: null };
    const paybill = await seedSeller(h, { payoutDetails: { ...none, method: 'paybill', paybillNumber: '247247', accountReference: '0123456789', changedAt: at(5) } });
    const till = await seedSeller(h, { payoutDetails: { ...none, method: 'till', tillNumber: '5123456', changedAt: null } });
    expect(seller).toMatchObject({ notifyBySms: true, notifyByEmail: true });
    for (const s of [seller, anonymised, smsOnly, emailOnly, paybill, till]) expect(await h.store.read((tx) => tx.sellers.get(s.id))).toStrictEqual(s);
    expect(await h.store.read((tx) => tx.sellers.get('no-such-seller'))).toBeUndefined();
    // As a state change meets it: joined to the order it locks (then not read again), and on the buyer page.
    const order = newOrder(smsOnly.id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    const locked = await h.store.transaction(async (tx) => {
      await tx.orders.getForUpdate(order.id);
      return tx.sellers.get(smsOnly.id);
    });
    expect(locked).toStrictEqual(smsOnly);
    expect((await h.store.read((tx) => tx.orders.getBuyerPage(order.id)))?.seller).toStrictEqual(smsOnly);
    // The payout details too, as the payouts read them with the order they settle (decision 0049).
    const paybillOrder = newOrder(paybill.id);
    await h.store.transaction((tx) => tx.orders.insert(paybillOrder));
    expect(await h.store.transaction(async (tx) => (await tx.orders.getForUpdate(paybillOrder.id)) && tx.sellers.get(paybill.id))).toStrictEqual(paybill);
  });

  it('appends audit events, code attempts and rider payment reports, listed in the order written', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const order = newOrder(seller.id);
    const other = newOrder(seller.id);
    const sameInstant = at(5);
    const events: OrderEvent[] = [
      { id: 'e1', orderId: order.id, action: 'create_order', actor: `seller:${seller.id}`, fromStatus: null, toStatus: 'awaiting_payment', data: {}, at: sameInstant },
      {
        id: 'e2',
        orderId: order.id,
        action: 'confirm_payment',
        actor: 'buyer',
        fromStatus: 'awaiting_payment',
        toStatus: 'paid',
        data: { receipt: 'NLJ7RT61SV', postings: ['payment_in'], nested: { amount: 1_899_950, ok: true, none: null } },
        at: sameInstant,
      },
      { id: 'e0', orderId: order.id, action: 'assign_rider', actor: 'seller:x', fromStatus: 'paid', toStatus: 'rider_assigned', data: { note: 'ñ ✓' }, at: sameInstant },
    ];
    const attempts: CodeAttempt[] = [
      { id: 'c2', orderId: order.id, actor: 'rider:+254733333333', success: false, at: at(6) },
      { id: 'c1', orderId: order.id, actor: 'rider:+254733333333', success: true, at: at(6) },
    ];
    const reports: RiderPaymentConfirmation[] = [
      { id: 'r1', orderId: order.id, riderPhone: '+254733333333', paymentReceived: false, paymentIssue: 'Buyer paid KSh 200 short', createdAt: at(7) },
      { id: 'r2', orderId: order.id, riderPhone: '+254733333333', paymentReceived: true, paymentIssue: null, createdAt: at(8) },
    ];
    await h.store.transaction(async (tx) => {
      await tx.orders.insert(order);
      await tx.orders.insert(other);
      for (const e of events) await tx.events.append(e);
      for (const a of attempts) await tx.codeAttempts.append(a);
      for (const r of reports) await tx.riderPayments.insert(r);
      await tx.events.append({ ...events[0]!, id: 'e-other', orderId: other.id });
    });
    expect(await h.store.read((tx) => tx.events.listByOrder(order.id))).toStrictEqual(events);
    expect(await h.store.read((tx) => tx.codeAttempts.listByOrder(order.id))).toStrictEqual(attempts);
    expect(await h.store.read((tx) => tx.riderPayments.listByOrder(order.id))).toStrictEqual(reports);
    expect(await h.store.read((tx) => tx.codeAttempts.listByOrder(other.id))).toEqual([]);
    await expectRefused(h.store.transaction((tx) => tx.events.append({ ...events[0]!, id: 'e9', orderId: 'no-such-order' })), 'foreign_key');
    await expectRefused(h.store.transaction((tx) => tx.codeAttempts.append({ ...attempts[0]!, id: 'c9', orderId: 'no-such-order' })), 'foreign_key');
  });
}
