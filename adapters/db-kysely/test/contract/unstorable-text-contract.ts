import { UnstorableTextError } from '@escrow/core';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { newOrder, newRider, seedSeller } from '../support/fixtures.js';
import type { HarnessAccess } from './harness-access.js';

const UNSTORABLE = ['Nokia\u0000', 'x\ud800', '\udfff'];

export function unstorableTextContract(harness: HarnessAccess): void {
  it('refuses text no column can hold (a NUL, half a surrogate pair) in any statement, writing nothing, and keeps working', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    for (const bad of UNSTORABLE) {
      await expect(h.store.transaction((tx) => tx.orders.insert(newOrder(seller.id, { itemName: bad })))).rejects.toBeInstanceOf(UnstorableTextError);
      await expect(h.store.transaction((tx) => tx.riders.insert(newRider(seller.id, { name: bad })))).rejects.toBeInstanceOf(UnstorableTextError);
      // Reads too (the buyer page is a precompiled statement), and raw SQL.
      await expect(h.store.read((tx) => tx.orders.getBuyerPage(bad))).rejects.toBeInstanceOf(UnstorableTextError);
      await expect(sql`select ${bad} as text`.execute(h.db)).rejects.toBeInstanceOf(UnstorableTextError);
    }
    // A transaction that wrote something before the refused statement rolls back whole.
    const kept = newOrder(seller.id);
    await expect(
      h.store.transaction(async (tx) => {
        await tx.orders.insert(kept);
        await tx.riders.insert(newRider(seller.id, { motorbikePlate: 'K\u0000' }));
      }),
    ).rejects.toBeInstanceOf(UnstorableTextError);
    expect(await h.store.read((tx) => tx.orders.get(kept.id))).toBeUndefined();
    expect(await h.store.read((tx) => tx.riders.listBySeller(seller.id))).toEqual([]);
    // Everything else is stored exactly, and the connection is fine afterwards.
    const exact = newOrder(seller.id, { itemName: 'Zeb\u202Eraw\u202C 🛵📦 \ud83d\ude00 tab\t' });
    await h.store.transaction((tx) => tx.orders.insert(exact));
    expect((await h.store.read((tx) => tx.orders.get(exact.id)))?.itemName).toBe(exact.itemName);
  });
}
