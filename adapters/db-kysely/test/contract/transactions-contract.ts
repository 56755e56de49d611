import type { EscrowTx, Order } from '@escrow/core';
import { expect, it } from 'vitest';
import { sleep } from '../support/expectations.js';
import { at, newC2bPayment, newOrder, newRider, newStatusQuery, newStkRequest, receiptCode, seedSeller } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

/** One write through every repository, as a use case would make them. */
async function writeEverything(tx: EscrowTx, order: Order): Promise<void> {
  await tx.orders.insert(order);
  await tx.receipts.claim(receiptCode(), order.id, order.price, at(3));
  await tx.ledger.append([
    { id: `p-${order.id}`, orderId: order.id, kind: 'payment_in', reference: null, createdAt: at(3), entries: [{ account: 'mpesa_clearing', amount: -order.price }, { account: 'escrow', amount: order.price }] },
  ]);
  await tx.riders.insert(newRider(order.sellerId, { id: `r-${order.id}` }));
  await tx.refunds.insert({ id: `rf-${order.id}`, orderId: order.id, requestedBy: 'buyer', reason: 'late', status: 'open', createdAt: at(4), resolvedAt: null, resolvedBy: null, mpesaReference: null, resolutionNote: null });
  await tx.feedback.insert({ orderId: order.id, buyerName: 'Wanjiru', riderRating: 4, sellerRating: 5, comment: null, createdAt: at(5) });
  await tx.riderPayments.insert({ id: `rp-${order.id}`, orderId: order.id, riderPhone: '+254733333333', paymentReceived: true, paymentIssue: null, createdAt: at(5) });
  await tx.events.append({ id: `e-${order.id}`, orderId: order.id, action: 'create_order', actor: 'system', fromStatus: null, toStatus: order.status, data: {}, at: at(1) });
  await tx.codeAttempts.append({ id: `c-${order.id}`, orderId: order.id, actor: 'system', success: false, at: at(6) });
  await tx.outbox.enqueue({ id: `o-${order.id}`, topic: 'notification', payload: { to: 'x' }, createdAt: at(1), attempts: 0, nextAttemptAt: at(1), deliveredAt: null, lastError: null });
  await tx.mpesa.insertStkRequest(newStkRequest(order.id));
  await tx.mpesa.insertC2bPayment(newC2bPayment({ status: 'matched', orderId: order.id, note: null }));
  await tx.mpesa.insertStatusQuery(newStatusQuery(order.id));
}

async function countRows(h: StoreHarness): Promise<Record<string, number>> {
  const tables = ['orders', 'payment_receipts', 'ledger_postings', 'ledger_entries', 'riders', 'refund_requests', 'feedback', 'rider_payment_confirmations', 'order_events', 'code_attempts', 'outbox', 'stk_requests', 'c2b_payments', 'status_queries'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

export function transactionsContract(harness: HarnessAccess): void {
  it('rolls back every write when the work throws, and rethrows', async () => {
    const h = harness();
    const order = newOrder((await seedSeller(h)).id);
    const boom = new Error('boom after writing everywhere');
    await expect(
      h.store.transaction(async (tx) => {
        await writeEverything(tx, order);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(Object.values(await countRows(h)).every((n) => n === 0)).toBe(true);
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toBeUndefined();
  });

  it('commits every write when the work returns, and returns its value', async () => {
    const h = harness();
    const order = newOrder((await seedSeller(h)).id);
    const value = await h.store.transaction(async (tx) => {
      await writeEverything(tx, order);
      return { done: order.id };
    });
    expect(value).toEqual({ done: order.id });
    const counts = await countRows(h);
    expect(counts).toEqual({ ...Object.fromEntries(Object.keys(counts).map((t) => [t, 1])), ledger_entries: 2 });
    // The counts are numbers on both drivers (pg would give int8 as a string by default).
    expect(typeof counts.orders).toBe('number');
  });

  it('serialises two transactions that lock the same order: the second reads what the first wrote', async () => {
    const h = harness();
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));
    const log: string[] = [];
    const writer = (name: string) =>
      h.store.transaction(async (tx) => {
        const seen = await tx.orders.getForUpdate(order.id);
        if (!seen) throw new Error('order vanished');
        log.push(`${name} read v${seen.version}`);
        await sleep(60); // long enough for the other transaction to try to interleave
        log.push(`${name} wrote ${await tx.orders.update(order.id, seen.version, { itemName: name })}`);
      });
    await Promise.all([writer('A'), writer('B')]);

    const [firstName, secondName] = log[0]?.startsWith('A') ? ['A', 'B'] : ['B', 'A'];
    expect(log).toEqual([`${firstName} read v0`, `${firstName} wrote true`, `${secondName} read v1`, `${secondName} wrote true`]);
    expect(await h.store.read((tx) => tx.orders.get(order.id))).toMatchObject({ itemName: secondName, version: 2 });
  });

  it('refuses a store call nested inside a transaction (it would deadlock SQLite or escape the transaction)', async () => {
    const h = harness();
    await expect(h.store.transaction(() => h.store.read((tx) => tx.orders.get('x')))).rejects.toThrow(/inside a transaction/);
    await expect(h.store.transaction(() => h.store.transaction((tx) => tx.orders.get('x')))).rejects.toThrow(/inside a transaction/);
    // Outside any transaction both work again.
    expect(await h.store.read((tx) => tx.orders.get('x'))).toBeUndefined();
  });
}
