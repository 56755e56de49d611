import type { C2bPayment, C2bPaymentStatus, MpesaPaymentRepository, Order, StkRequest, StkRequestChanges, StkRequestStatus } from '@escrow/core';
import { MemoryEscrowStore } from '@escrow/core/testing';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { expectRefused, gate, within } from '../support/expectations.js';
import { at, cents, newC2bPayment, newOrder, newStkRequest, seedSeller } from '../support/fixtures.js';
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

/** Every field set, none null: each column proven to hold a value. */
const settled = (orderId: string, overrides: Partial<StkRequest> = {}): StkRequest =>
  newStkRequest(orderId, {
    status: 'paid',
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    callbackResultCode: 1032,
    callbackReceipt: 'NLJ7RT61SV',
    callbackAmount: cents(1),
    callbackPhone: '254708374149',
    callbacks: 3,
    queries: 7,
    nextQueryAt: null,
    updatedAt: at(20, 5),
    settledAt: at(20, 6),
    ...overrides,
  });

export function mpesaPaymentsContract(harness: HarnessAccess): void {
  it('stores an STK request and reads it back by id and by CheckoutRequestID, every field intact', async () => {
    const h = harness();
    const [order] = await orders(h, 1);
    const fresh = newStkRequest(order!.id, { status: 'sending', checkoutRequestId: null, merchantRequestId: null, nextQueryAt: null });
    const full = settled(order!.id);
    await h.store.transaction(async (tx) => {
      await tx.mpesa.insertStkRequest(fresh);
      await tx.mpesa.insertStkRequest(full);
    });
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(fresh.id))).toStrictEqual(fresh);
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(full.id))).toStrictEqual(full);
    expect(await h.store.read((tx) => tx.mpesa.getStkRequestByCheckoutId(full.checkoutRequestId!))).toStrictEqual(full);
    // Inside a transaction too (the use cases read there).
    expect(await h.store.transaction((tx) => tx.mpesa.getStkRequestByCheckoutId(full.checkoutRequestId!))).toStrictEqual(full);
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest('no-such-request'))).toBeUndefined();
    expect(await h.store.read((tx) => tx.mpesa.getStkRequestByCheckoutId('ws_CO_unknown'))).toBeUndefined();
    // Dates as the rest of the store keeps them: ISO-8601 UTC text, milliseconds included.
    expect(await h.db.selectFrom('stk_requests').select(['created_at', 'settled_at', 'next_query_at']).where('id', '=', full.id).executeTakeFirstOrThrow()).toEqual({
      created_at: full.createdAt.toISOString(),
      settled_at: full.settledAt!.toISOString(),
      next_query_at: null,
    });
  });

  it('refuses a second request with the same id or the same CheckoutRequestID; any number may have none', async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const first = newStkRequest(a!.id);
    await h.store.transaction((tx) => tx.mpesa.insertStkRequest(first));
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStkRequest(newStkRequest(b!.id, { checkoutRequestId: first.checkoutRequestId }))), 'unique');
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStkRequest(newStkRequest(b!.id, { id: first.id }))), 'unique');
    const unsent = [newStkRequest(a!.id, { status: 'sending', checkoutRequestId: null }), newStkRequest(b!.id, { status: 'unknown', checkoutRequestId: null })];
    await h.store.transaction(async (tx) => {
      for (const r of unsent) await tx.mpesa.insertStkRequest(r);
    });
    // An update may not take another request's CheckoutRequestID either.
    await expectRefused(h.store.transaction((tx) => tx.mpesa.updateStkRequest(unsent[0]!.id, ['sending'], { status: 'pending', checkoutRequestId: first.checkoutRequestId })), 'unique');
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(unsent[0]!.id))).toStrictEqual(unsent[0]);
  });

  it('refuses a request for an unknown order, an unknown status, a negative amount or count', async () => {
    const h = harness();
    const [order] = await orders(h, 1);
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStkRequest(newStkRequest('no-such-order'))), 'foreign_key');
    for (const bad of [{ status: 'cancelled' }, { amount: -100 }, { callbackAmount: -1 }, { callbacks: -1 }, { queries: -1 }] as Partial<StkRequest>[]) {
      await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStkRequest(newStkRequest(order!.id, bad))), 'check');
    }
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsForOrder(order!.id))).toEqual([]);
  });

  it('updates a request only while it is in one of the given statuses', async () => {
    const h = harness();
    const [order] = await orders(h, 1);
    const sent = newStkRequest(order!.id, { status: 'sending', checkoutRequestId: null, merchantRequestId: null, nextQueryAt: null });
    await h.store.transaction((tx) => tx.mpesa.insertStkRequest(sent));
    const mpesa = <T>(work: (m: MpesaPaymentRepository) => Promise<T>) => h.store.transaction((tx) => work(tx.mpesa));

    const accepted: StkRequestChanges = { status: 'pending', checkoutRequestId: 'ws_CO_191220191020363925', merchantRequestId: '29115-34620561-1', nextQueryAt: at(11), updatedAt: at(10, 1) };
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['sending'], accepted))).toBe(true);
    // The same transition again loses: the request is no longer 'sending'.
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['sending'], { status: 'unknown', checkoutRequestId: null }))).toBe(false);
    const pending = { ...sent, ...accepted };
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(sent.id))).toStrictEqual(pending);

    // A callback: recorded, status untouched; fields present as undefined are left alone.
    const callback: StkRequestChanges = { callbackResultCode: 0, callbackReceipt: 'NLJ7RT61SV', callbackAmount: cents(19_000_00), callbackPhone: '254712345678', callbacks: 1, resultDesc: undefined };
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['pending', 'unknown'], callback))).toBe(true);
    // Nothing to change still answers by the status.
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['pending'], {}))).toBe(true);
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['paid', 'failed'], {}))).toBe(false);
    expect(await mpesa((m) => m.updateStkRequest(sent.id, [], { status: 'failed' }))).toBe(false);
    expect(await mpesa((m) => m.updateStkRequest('no-such-request', ['pending'], { status: 'failed' }))).toBe(false);

    const paid: StkRequestChanges = { status: 'paid', resultCode: 0, resultDesc: 'ok', queries: 1, nextQueryAt: null, updatedAt: at(12), settledAt: at(12) };
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['pending', 'unknown'], paid))).toBe(true);
    const final = { ...pending, callbackResultCode: 0, callbackReceipt: 'NLJ7RT61SV', callbackAmount: cents(19_000_00), callbackPhone: '254712345678', callbacks: 1, ...paid };
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(sent.id))).toStrictEqual(final);
    expect(await mpesa((m) => m.updateStkRequest(sent.id, ['pending', 'unknown'], { status: 'failed' }))).toBe(false);

    // Fields no update may change are a programming error, not silently dropped.
    for (const change of [{ orderId: 'other' }, { amount: 1 }, { msisdn: '254700000000' }, { createdAt: at(30) }, { id: 'x' }]) {
      await expect(mpesa((m) => m.updateStkRequest(sent.id, ['paid'], change as StkRequestChanges))).rejects.toThrow(/cannot be changed/);
    }
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(sent.id))).toStrictEqual(final);
  });

  it('moves a request from pending to paid exactly once when 50 transactions race for it', async () => {
    const h = harness();
    const [order] = await orders(h, 1);
    const request = newStkRequest(order!.id);
    await h.store.transaction((tx) => tx.mpesa.insertStkRequest(request));
    // PostgreSQL: the first two hold their transactions until both have read 'pending', so at
    // least two race on the same row for sure (SQLite's writers take turns: a gate would wait forever).
    const bothRead = gate();
    let readPending = 0;
    const results = await within(
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          h.store.transaction(async (tx) => {
            const seen = await tx.mpesa.getStkRequest(request.id);
            if (seen?.status === 'pending') readPending += 1;
            if (h.dialect === 'postgres' && i < 2) {
              if (readPending >= 2) bothRead.open();
              await bothRead.promise;
            }
            return tx.mpesa.updateStkRequest(request.id, ['pending'], { status: 'paid', resultCode: 0, resultDesc: `writer ${i}`, updatedAt: at(20, i), settledAt: at(20, i), nextQueryAt: null });
          }),
        ),
      ),
      25_000,
      'the racing transactions did not finish',
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(request.id))).toStrictEqual({
      ...request,
      status: 'paid',
      resultCode: 0,
      resultDesc: `writer ${winner}`,
      updatedAt: at(20, winner),
      settledAt: at(20, winner),
      nextQueryAt: null,
    });
    if (h.dialect === 'postgres') expect(readPending).toBeGreaterThanOrEqual(2);
  });

  it('stores a Paybill payment once: a repeated TransID answers false and the transaction goes on', async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const payment = newC2bPayment({ status: 'matched', orderId: a!.id, note: null });
    expect(await h.store.transaction((tx) => tx.mpesa.insertC2bPayment(payment))).toBe(true);

    const later = newC2bPayment();
    const outcome = await h.store.transaction(async (tx) => {
      const again = await tx.mpesa.insertC2bPayment({ ...payment, amount: cents(1), orderId: b!.id, receivedAt: at(40) });
      // Writes after the refusal still work and commit (no aborted PostgreSQL transaction).
      const other = await tx.mpesa.insertC2bPayment(later);
      const updated = await tx.orders.update(b!.id, 0, { itemName: 'written after the repeated TransID' });
      return { again, other, updated };
    });
    expect(outcome).toEqual({ again: false, other: true, updated: true });
    expect(await h.store.read((tx) => tx.mpesa.getC2bPayment(payment.transId))).toStrictEqual(payment);
    expect(await h.store.read((tx) => tx.mpesa.getC2bPayment(later.transId))).toStrictEqual(later);
    expect(await h.store.read((tx) => tx.orders.get(b!.id))).toMatchObject({ itemName: 'written after the repeated TransID' });
    expect(await h.store.read((tx) => tx.mpesa.getC2bPayment('NOSUCHTXN1'))).toBeUndefined();

    // Other violations still throw: an unknown order, an unknown status, a negative amount.
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertC2bPayment(newC2bPayment({ orderId: 'no-such-order' }))), 'foreign_key');
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertC2bPayment(newC2bPayment({ status: 'lost' as C2bPayment['status'] }))), 'check');
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertC2bPayment(newC2bPayment({ amount: cents(-1) }))), 'check');
  });

  it('updates a Paybill payment only while it is in the given status', async () => {
    const h = harness();
    const [order] = await orders(h, 1);
    const payment = newC2bPayment();
    await h.store.transaction((tx) => tx.mpesa.insertC2bPayment(payment));
    const attach = { status: 'attached', orderId: order!.id, note: 'Typed the wrong account number', resolvedBy: 'admin:77', resolvedAt: at(30) } as const;
    expect(await h.store.transaction((tx) => tx.mpesa.updateC2bPayment(payment.transId, 'unmatched', attach))).toBe(true);
    expect(await h.store.transaction((tx) => tx.mpesa.updateC2bPayment(payment.transId, 'unmatched', { status: 'refunded', orderId: null }))).toBe(false);
    expect(await h.store.transaction((tx) => tx.mpesa.updateC2bPayment('NOSUCHTXN1', 'unmatched', { status: 'refunded' }))).toBe(false);
    expect(await h.store.transaction((tx) => tx.mpesa.updateC2bPayment(payment.transId, 'attached', {}))).toBe(true);
    expect(await h.store.read((tx) => tx.mpesa.getC2bPayment(payment.transId))).toStrictEqual({ ...payment, ...attach });
    await expectRefused(h.store.transaction((tx) => tx.mpesa.updateC2bPayment(payment.transId, 'attached', { orderId: 'no-such-order' })), 'foreign_key');
    await expect(h.store.transaction((tx) => tx.mpesa.updateC2bPayment(payment.transId, 'attached', { amount: 1 } as never))).rejects.toThrow(/cannot be changed/);
  });

  it('lists the requests due for a query: sending, pending or unknown, due by now, the longest due first, at most `limit`', async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const now = at(30);
    const due = [
      newStkRequest(a!.id, { status: 'sending', checkoutRequestId: null, nextQueryAt: at(1) }),
      newStkRequest(a!.id, { status: 'unknown', checkoutRequestId: null, nextQueryAt: at(5) }),
      newStkRequest(b!.id, { status: 'pending', nextQueryAt: at(12, 1) }),
      newStkRequest(a!.id, { status: 'pending', nextQueryAt: at(12, 2) }),
      newStkRequest(b!.id, { status: 'pending', nextQueryAt: now }),
    ];
    const notDue = [
      newStkRequest(a!.id, { status: 'pending', nextQueryAt: at(30, 1) }),
      newStkRequest(a!.id, { status: 'pending', nextQueryAt: null }),
      newStkRequest(b!.id, { status: 'paid', nextQueryAt: at(1) }),
      newStkRequest(b!.id, { status: 'failed', nextQueryAt: at(1) }),
    ];
    // Inserted out of order, so the order of the answer comes from the query.
    await h.store.transaction(async (tx) => {
      for (const r of [...notDue, ...due].reverse()) await tx.mpesa.insertStkRequest(r);
    });
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsDue(now, 10))).toStrictEqual(due);
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsDue(now, 2))).toStrictEqual(due.slice(0, 2));
    expect(await h.store.transaction((tx) => tx.mpesa.listStkRequestsDue(now, 3))).toStrictEqual(due.slice(0, 3));
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsDue(at(12, 1), 10))).toStrictEqual(due.slice(0, 3));
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsDue(at(0), 10))).toEqual([]);
  });

  it("lists an order's requests newest first, and only its own", async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const sameTime = [newStkRequest(a!.id, { id: 'stk-b', createdAt: at(15) }), newStkRequest(a!.id, { id: 'stk-a', createdAt: at(15) })];
    const older = newStkRequest(a!.id, { id: 'stk-z', createdAt: at(10), status: 'failed' });
    const newest = newStkRequest(a!.id, { id: 'stk-c', createdAt: at(15, 1), status: 'sending', checkoutRequestId: null });
    await h.store.transaction(async (tx) => {
      for (const r of [older, ...sameTime, newest, newStkRequest(b!.id)]) await tx.mpesa.insertStkRequest(r);
    });
    // Equal times: the larger id first, as in the memory store.
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsForOrder(a!.id))).toStrictEqual([newest, sameTime[0], sameTime[1], older]);
    expect(await h.store.read((tx) => tx.mpesa.listStkRequestsForOrder('no-such-order'))).toEqual([]);
  });

  it('lists Paybill payments newest first, by status, by order, or both, at most `limit`', async () => {
    const h = harness();
    const [a, b] = await orders(h, 2);
    const p = {
      unmatchedOld: newC2bPayment({ receivedAt: at(1) }),
      matchedA: newC2bPayment({ status: 'matched', orderId: a!.id, note: null, receivedAt: at(2) }),
      attachedA: newC2bPayment({ status: 'attached', orderId: a!.id, resolvedBy: 'admin:1', resolvedAt: at(9), receivedAt: at(3) }),
      refunded: newC2bPayment({ status: 'refunded', resolvedBy: 'admin:1', resolvedAt: at(9), receivedAt: at(4) }),
      matchedB: newC2bPayment({ status: 'matched', orderId: b!.id, note: null, receivedAt: at(5) }),
      unmatchedNew: newC2bPayment({ receivedAt: at(6) }),
    };
    await h.store.transaction(async (tx) => {
      for (const payment of Object.values(p).reverse()) expect(await tx.mpesa.insertC2bPayment(payment)).toBe(true);
    });
    const list = (filter: Parameters<MpesaPaymentRepository['listC2bPayments']>[0]) => h.store.read((tx) => tx.mpesa.listC2bPayments(filter));
    expect(await list({ limit: 10 })).toStrictEqual([p.unmatchedNew, p.matchedB, p.refunded, p.attachedA, p.matchedA, p.unmatchedOld]);
    expect(await list({ limit: 2 })).toStrictEqual([p.unmatchedNew, p.matchedB]);
    expect(await list({ status: 'unmatched', limit: 10 })).toStrictEqual([p.unmatchedNew, p.unmatchedOld]);
    expect(await list({ status: 'unmatched', limit: 1 })).toStrictEqual([p.unmatchedNew]);
    expect(await list({ orderId: a!.id, limit: 10 })).toStrictEqual([p.attachedA, p.matchedA]);
    expect(await list({ orderId: a!.id, status: 'matched', limit: 10 })).toStrictEqual([p.matchedA]);
    expect(await list({ orderId: b!.id, status: 'attached', limit: 10 })).toEqual([]);
    expect(await list({ status: 'refunded', limit: 0 })).toEqual([]);
  });

  it('rolls the M-Pesa writes back with the rest of a transaction that throws', async () => {
    const h = harness();
    const [order] = await orders(h, 1);
    const request = newStkRequest(order!.id);
    const payment = newC2bPayment();
    await expect(
      h.store.transaction(async (tx) => {
        await tx.mpesa.insertStkRequest(request);
        await tx.mpesa.insertC2bPayment(payment);
        await tx.orders.update(order!.id, 0, { status: 'paid', paymentVerifiedBy: 'stk_query', paymentReceived: order!.price });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await h.store.read((tx) => tx.mpesa.getStkRequest(request.id))).toBeUndefined();
    expect(await h.store.read((tx) => tx.mpesa.getC2bPayment(payment.transId))).toBeUndefined();
    expect(await h.store.read((tx) => tx.orders.get(order!.id))).toStrictEqual(order);
  });

  it('answers every call as the in-memory repository does (random sequences, side by side)', async () => {
    const h = harness();
    const made = await orders(h, 2);
    const ids = made.map((o) => o.id);
    const checkoutId = fc.option(fc.constantFrom('ws_CO_1', 'ws_CO_2', 'ws_CO_3'), { nil: null });
    const stkStatus = fc.constantFrom<StkRequestStatus>('sending', 'pending', 'paid', 'failed', 'unknown');
    const c2bStatus = fc.constantFrom<C2bPaymentStatus>('matched', 'unmatched', 'attached', 'refunded');
    const requestId = fc.constantFrom('r1', 'r2', 'r3', 'r4');
    const transId = fc.constantFrom('T1', 'T2', 'T3');
    const minute = fc.integer({ min: 0, max: 59 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insertStk' as const), id: requestId, order: fc.constantFrom(0, 1), status: stkStatus, checkout: checkoutId, next: fc.option(minute, { nil: null }) }),
      fc.record({ kind: fc.constant('updateStk' as const), id: requestId, from: fc.subarray<StkRequestStatus>(['sending', 'pending', 'paid', 'failed', 'unknown']), status: fc.option(stkStatus, { nil: undefined }), checkout: fc.option(checkoutId, { nil: undefined }), next: fc.option(fc.option(minute, { nil: null }), { nil: undefined }), queries: fc.option(fc.nat(5), { nil: undefined }) }),
      fc.record({ kind: fc.constant('getStk' as const), id: requestId, checkout: checkoutId }),
      fc.record({ kind: fc.constant('listForOrder' as const), order: fc.constantFrom(0, 1) }),
      fc.record({ kind: fc.constant('listDue' as const), now: minute, limit: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('insertC2b' as const), transId, status: c2bStatus, order: fc.option(fc.constantFrom(0, 1), { nil: null }), amount: fc.nat(1_000_000) }),
      fc.record({ kind: fc.constant('updateC2b' as const), transId, from: c2bStatus, status: fc.option(c2bStatus, { nil: undefined }), order: fc.option(fc.option(fc.constantFrom(0, 1), { nil: null }), { nil: undefined }) }),
      fc.record({ kind: fc.constant('listC2b' as const), status: fc.option(c2bStatus, { nil: undefined }), order: fc.option(fc.constantFrom(0, 1), { nil: undefined }), limit: fc.integer({ min: 0, max: 5 }) }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

    // Every instant written carries the op's index in its milliseconds, so no two rows tie on a
    // sort key and both stores must answer in exactly the same order (they break ties
    // differently: insertion order in memory, the id here).
    const run = async (m: MpesaPaymentRepository, o: Op, i: number): Promise<unknown> => {
      switch (o.kind) {
        case 'insertStk':
          return m.insertStkRequest(newStkRequest(ids[o.order]!, { id: o.id, status: o.status, checkoutRequestId: o.checkout, nextQueryAt: o.next === null ? null : at(o.next, i), createdAt: at(0, i), updatedAt: at(0, i), merchantRequestId: null }));
        case 'updateStk': {
          const changes: StkRequestChanges = {
            ...(o.status !== undefined ? { status: o.status } : {}),
            ...(o.checkout !== undefined ? { checkoutRequestId: o.checkout } : {}),
            ...(o.next !== undefined ? { nextQueryAt: o.next === null ? null : at(o.next, i) } : {}),
            ...(o.queries !== undefined ? { queries: o.queries } : {}),
          };
          return m.updateStkRequest(o.id, o.from, changes);
        }
        case 'getStk':
          return [await m.getStkRequest(o.id), o.checkout === null ? undefined : await m.getStkRequestByCheckoutId(o.checkout)];
        case 'listForOrder':
          return m.listStkRequestsForOrder(ids[o.order]!);
        case 'listDue':
          return m.listStkRequestsDue(at(o.now, 999), o.limit);
        case 'insertC2b':
          return m.insertC2bPayment(newC2bPayment({ transId: o.transId, status: o.status, orderId: o.order === null ? null : ids[o.order]!, amount: cents(o.amount), receivedAt: at(0, i) }));
        case 'updateC2b':
          return m.updateC2bPayment(o.transId, o.from, {
            ...(o.status !== undefined ? { status: o.status } : {}),
            ...(o.order !== undefined ? { orderId: o.order === null ? null : ids[o.order]! } : {}),
          });
        case 'listC2b':
          return m.listC2bPayments({ ...(o.status !== undefined ? { status: o.status } : {}), ...(o.order !== undefined ? { orderId: ids[o.order]! } : {}), limit: o.limit });
      }
    };
    const outcome = (work: Promise<unknown>) =>
      work.then(
        (value) => ({ value }),
        () => ({ threw: true }),
      );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        await h.db.deleteFrom('stk_requests').execute();
        await h.db.deleteFrom('c2b_payments').execute();
        const memory = new MemoryEscrowStore();
        for (const [i, o] of ops.entries()) {
          const expected = await outcome(memory.transaction((tx) => run(tx.mpesa, o, i)));
          const actual = await outcome(h.store.transaction((tx) => run(tx.mpesa, o, i)));
          expect(actual, JSON.stringify(o)).toStrictEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
}
