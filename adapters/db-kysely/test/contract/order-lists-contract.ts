import type { Order } from '@escrow/core';
import { expect, it } from 'vitest';
import { at, newOrder, newRider, phone, seedSeller } from '../support/fixtures.js';
import type { HarnessAccess } from './harness-access.js';

const ids = (orders: readonly Order[]): string[] => orders.map((o) => o.id);

export function orderListsContract(harness: HarnessAccess): void {
  it("lists a seller's orders newest first, one page at a time, and no one else's", async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const other = await seedSeller(h);
    const [o1, o2, o3] = [1, 2, 3].map((minute) => newOrder(seller.id, { createdAt: at(minute), updatedAt: at(minute) })) as [Order, Order, Order];
    const foreign = newOrder(other.id, { createdAt: at(4) });
    await h.store.transaction(async (tx) => {
      for (const o of [o2, foreign, o1, o3]) await tx.orders.insert(o);
    });

    expect(ids(await h.store.read((tx) => tx.orders.listBySeller(seller.id, { limit: 2, offset: 0 })))).toEqual([o3.id, o2.id]);
    expect(ids(await h.store.read((tx) => tx.orders.listBySeller(seller.id, { limit: 2, offset: 2 })))).toEqual([o1.id]);
    expect(await h.store.read((tx) => tx.orders.listBySeller(seller.id, { limit: 2, offset: 3 }))).toEqual([]);
    const [first] = await h.store.read((tx) => tx.orders.listBySeller(other.id, { limit: 10, offset: 0 }));
    expect(first).toStrictEqual(foreign);
  });

  it("offers a rider the paid, rider-less orders of the sellers whose rider list holds the phone, oldest first", async () => {
    const h = harness();
    const riderPhone = phone();
    const listing = await seedSeller(h);
    const alsoListing = await seedSeller(h);
    const notListing = await seedSeller(h);
    const paid = (sellerId: string, minute: number, extra: Partial<Order> = {}) =>
      newOrder(sellerId, { status: 'paid', paymentConfirmed: true, createdAt: at(minute), updatedAt: at(minute), ...extra });

    const offered1 = paid(listing.id, 1);
    const offered2 = paid(alsoListing.id, 2);
    const offered3 = paid(listing.id, 3);
    const notOffered = [
      paid(listing.id, 4, { riderName: 'Kamau', riderPhone: phone(), riderKey: 'k' }), // has a rider
      paid(listing.id, 5, { riderName: 'Same', riderPhone, riderKey: 'k' }), // has this very rider
      newOrder(listing.id, { status: 'awaiting_payment', createdAt: at(6) }), // not paid
      paid(listing.id, 7, { status: 'rider_assigned' }), // further along
      paid(notListing.id, 8), // seller without this rider
    ];
    await h.store.transaction(async (tx) => {
      await tx.riders.insert(newRider(listing.id, { phone: riderPhone }));
      await tx.riders.insert(newRider(alsoListing.id, { phone: riderPhone }));
      await tx.riders.insert(newRider(notListing.id));
      for (const o of [offered3, ...notOffered, offered1, offered2]) await tx.orders.insert(o);
    });

    const offered = await h.store.read((tx) => tx.orders.listAvailableForRider(riderPhone));
    expect(ids(offered)).toEqual([offered1.id, offered2.id, offered3.id]);
    expect(offered[0]).toStrictEqual(offered1);
    expect(await h.store.read((tx) => tx.orders.listAvailableForRider(phone()))).toEqual([]);
  });

  it('lists the orders carrying a rider phone, whatever their status, newest first', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const riderPhone = phone();
    const withRider = (minute: number, status: Order['status'], riderPhoneOnOrder: string) =>
      newOrder(seller.id, { status, riderName: 'Kamau', riderPhone: riderPhoneOnOrder, riderKey: `key-${minute}`, createdAt: at(minute), updatedAt: at(minute) });
    const assigned = withRider(1, 'rider_assigned', riderPhone);
    const delivered = withRider(2, 'awaiting_settlement', riderPhone);
    const someoneElse = withRider(3, 'in_transit', phone());
    await h.store.transaction(async (tx) => {
      for (const o of [assigned, someoneElse, delivered, newOrder(seller.id)]) await tx.orders.insert(o);
    });

    const mine = await h.store.read((tx) => tx.orders.listAssignedToRider(riderPhone));
    expect(ids(mine)).toEqual([delivered.id, assigned.id]);
    expect(mine[1]).toStrictEqual(assigned);
  });
}
