import type { Posting } from '@escrow/core';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { expectRefused } from '../support/expectations.js';
import { at, newOrder, seedSeller } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

/** Amounts above 2^31 on purpose: they must survive BIGINT and the pg int8 parser as numbers. */
const BIG = 4_000_000_000_00;

async function orderWithPostings(h: StoreHarness): Promise<{ orderId: string; postings: Posting[] }> {
  const seller = await seedSeller(h);
  const order = newOrder(seller.id);
  const sameInstant = at(20);
  const postings: Posting[] = [
    {
      id: 'p-in',
      orderId: order.id,
      kind: 'payment_in',
      reference: 'NLJ7RT61SV',
      createdAt: sameInstant,
      entries: [
        { account: 'mpesa_clearing', amount: -BIG },
        { account: 'escrow', amount: BIG },
      ],
    },
    {
      id: 'p-release',
      orderId: order.id,
      kind: 'delivery_release',
      reference: null,
      createdAt: sameInstant,
      entries: [
        { account: 'escrow', amount: -BIG },
        { account: 'platform_fees', amount: 10_000_000_00 },
        { account: `seller_payable:${seller.id}`, amount: BIG - 10_000_000_00 - 300_00 },
        { account: 'rider_payable:+254733333333', amount: 300_00 },
      ],
    },
  ];
  await h.store.transaction(async (tx) => {
    await tx.orders.insert(order);
    await tx.ledger.append(postings);
  });
  return { orderId: order.id, postings };
}

export function ledgerContract(harness: HarnessAccess): void {
  it('appends balanced postings and lists them in the order appended, lines in order, signed amounts intact', async () => {
    const h = harness();
    const { orderId, postings } = await orderWithPostings(h);
    expect(await h.store.read((tx) => tx.ledger.listByOrder(orderId))).toStrictEqual(postings);

    const other = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(other));
    expect(await h.store.read((tx) => tx.ledger.listByOrder(other.id))).toEqual([]);
    await h.store.transaction((tx) => tx.ledger.append([]));
  });

  it('refuses to update, delete or truncate ledger rows, in the database itself', async () => {
    const h = harness();
    const { orderId, postings } = await orderWithPostings(h);
    await expectRefused(h.db.updateTable('ledger_postings').set({ reference: 'rewritten' }).where('order_id', '=', orderId).execute(), 'append_only');
    await expectRefused(h.db.deleteFrom('ledger_postings').where('id', '=', 'p-release').execute(), 'append_only');
    await expectRefused(h.db.updateTable('ledger_entries').set({ amount: 1 }).where('posting_id', '=', 'p-in').execute(), 'append_only');
    await expectRefused(h.db.deleteFrom('ledger_entries').execute(), 'append_only');
    if (h.dialect === 'postgres') await expectRefused(sql`truncate ledger_entries`.execute(h.db), 'append_only');
    expect(await h.store.read((tx) => tx.ledger.listByOrder(orderId))).toStrictEqual(postings);
  });

  it('refuses a second posting of a once-per-order kind, and postings for an unknown order', async () => {
    const h = harness();
    const { orderId, postings } = await orderWithPostings(h);
    const again: Posting = { ...postings[0]!, id: 'p-in-again' };
    await expectRefused(h.store.transaction((tx) => tx.ledger.append([again])), 'unique');
    await expectRefused(h.store.transaction((tx) => tx.ledger.append([{ ...again, id: 'p-x', orderId: 'no-such-order' }])), 'foreign_key');
    expect(await h.store.read((tx) => tx.ledger.listByOrder(orderId))).toHaveLength(2);
  });
}
