import type { ClaimToCheck, MpesaPaymentRepository, Order, StatusQuery, StatusQueryChanges, StatusQueryStatus } from '@escrow/core';
import { MemoryEscrowStore } from '@escrow/core/testing';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { expectRefused, gate, within } from '../support/expectations.js';
import { at, cents, newOrder, newStatusQuery, seedSeller } from '../support/fixtures.js';
import type { StoreHarness } from '../support/store-harness.js';
import type { HarnessAccess } from './harness-access.js';

async function orders(h: StoreHarness, made: readonly Order[]): Promise<void> {
  await h.store.transaction(async (tx) => {
    for (const o of made) await tx.orders.insert(o);
  });
}

async function someOrders(h: StoreHarness, count: number): Promise<Order[]> {
  const seller = await seedSeller(h);
  const made = Array.from({ length: count }, () => newOrder(seller.id));
  await orders(h, made);
  return made;
}

/** Every field set, none null: each column proven to hold a value. */
const answered = (orderId: string, overrides: Partial<StatusQuery> = {}): StatusQuery =>
  newStatusQuery(orderId, {
    status: 'answered',
    attempt: 3,
    nextAttemptAt: at(40),
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    resultReceipt: 'NLJ7RT61SV',
    resultAmount: cents(19_000_50),
    resultCreditParty: '174379 - ESCROW LTD',
    resultTransactionStatus: 'Completed',
    outcome: 'verified',
    note: 'Verified by Transaction Status: KSh 19,000.50 to 174379 - ESCROW LTD.',
    updatedAt: at(20, 5),
    answeredAt: at(20, 5),
    ...overrides,
  });

/** An order with an open claim of `receipt`, made at `claimedAt`. */
const claimed = (sellerId: string, receipt: string, claimedAt: Date, overrides: Partial<Order> = {}): Order =>
  newOrder(sellerId, { paymentClaimReceipt: receipt, paymentClaimedAt: claimedAt, termsAcceptedAt: claimedAt, ...overrides });

export function statusQueriesContract(harness: HarnessAccess): void {
  it('stores a Transaction Status query and finds it by id, by our OriginatorConversationID and by Daraja\'s ConversationID, every field intact', async () => {
    const h = harness();
    const [order] = await someOrders(h, 1);
    const fresh = newStatusQuery(order!.id, { status: 'sending', conversationId: null, nextAttemptAt: null });
    const full = answered(order!.id);
    await h.store.transaction(async (tx) => {
      expect(await tx.mpesa.insertStatusQuery(fresh)).toBe(true);
      expect(await tx.mpesa.insertStatusQuery(full)).toBe(true);
    });
    expect(await h.store.read((tx) => tx.mpesa.getStatusQuery(fresh.id))).toStrictEqual(fresh);
    expect(await h.store.read((tx) => tx.mpesa.getStatusQuery(full.id))).toStrictEqual(full);
    expect(await h.store.read((tx) => tx.mpesa.findStatusQuery({ originatorConversationId: full.originatorConversationId, conversationId: 'AG_other' }))).toStrictEqual(full);
    expect(await h.store.transaction((tx) => tx.mpesa.findStatusQuery({ originatorConversationId: 'not-ours', conversationId: full.conversationId! }))).toStrictEqual(full);
    expect(await h.store.read((tx) => tx.mpesa.findStatusQuery({ originatorConversationId: 'not-ours', conversationId: 'AG_nobody' }))).toBeUndefined();
    expect(await h.store.read((tx) => tx.mpesa.getStatusQuery('no-such-query'))).toBeUndefined();
    expect(await h.db.selectFrom('status_queries').select(['created_at', 'answered_at', 'next_attempt_at', 'result_amount']).where('id', '=', full.id).executeTakeFirstOrThrow()).toEqual({
      created_at: full.createdAt.toISOString(),
      answered_at: full.answeredAt!.toISOString(),
      next_attempt_at: full.nextAttemptAt!.toISOString(),
      result_amount: 19_000_50,
    });
  });

  it('takes an attempt of a claim once: a second writer of it gets false and its transaction goes on; other duplicates and bad values are refused', async () => {
    const h = harness();
    const [a, b] = await someOrders(h, 2);
    const first = newStatusQuery(a!.id);
    expect(await h.store.transaction((tx) => tx.mpesa.insertStatusQuery(first))).toBe(true);
    const outcome = await h.store.transaction(async (tx) => {
      const again = await tx.mpesa.insertStatusQuery(newStatusQuery(a!.id));
      // Writes after the refusal still work and commit (no aborted PostgreSQL transaction).
      const next = await tx.mpesa.insertStatusQuery(newStatusQuery(a!.id, { attempt: 2 }));
      const otherReceipt = await tx.mpesa.insertStatusQuery(newStatusQuery(a!.id, { receipt: 'OTHER00001' }));
      const otherOrder = await tx.mpesa.insertStatusQuery(newStatusQuery(b!.id));
      return { again, next, otherReceipt, otherOrder };
    });
    expect(outcome).toEqual({ again: false, next: true, otherReceipt: true, otherOrder: true });
    expect(await h.store.read((tx) => tx.mpesa.listStatusQueriesForOrder(a!.id))).toHaveLength(3);

    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStatusQuery(newStatusQuery(b!.id, { attempt: 5, originatorConversationId: first.originatorConversationId }))), 'unique');
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStatusQuery(newStatusQuery(b!.id, { attempt: 6, id: first.id }))), 'unique');
    await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStatusQuery(newStatusQuery('no-such-order'))), 'foreign_key');
    for (const bad of [{ status: 'lost' }, { outcome: 'maybe' }, { attempt: 0 }, { resultAmount: -1 }] as Partial<StatusQuery>[]) {
      await expectRefused(h.store.transaction((tx) => tx.mpesa.insertStatusQuery(newStatusQuery(b!.id, { attempt: 9, ...bad }))), 'check');
    }
    // Daraja's ConversationID may repeat (it is not ours to trust): both rows are kept, the older one is found.
    const twin = newStatusQuery(b!.id, { attempt: 7, conversationId: first.conversationId, createdAt: at(30) });
    expect(await h.store.transaction((tx) => tx.mpesa.insertStatusQuery(twin))).toBe(true);
    expect(await h.store.read((tx) => tx.mpesa.findStatusQuery({ originatorConversationId: 'x', conversationId: first.conversationId! }))).toStrictEqual(first);
  });

  it('updates a query only while it is in one of the given statuses; fields no update may change throw', async () => {
    const h = harness();
    const [order] = await someOrders(h, 1);
    const query = newStatusQuery(order!.id, { status: 'sending', conversationId: null });
    await h.store.transaction((tx) => tx.mpesa.insertStatusQuery(query));
    const mpesa = <T>(work: (m: MpesaPaymentRepository) => Promise<T>) => h.store.transaction((tx) => work(tx.mpesa));
    const sent: StatusQueryChanges = { status: 'sent', conversationId: 'AG_20260115_0000000000000000abcd', updatedAt: at(10, 1) };
    expect(await mpesa((m) => m.updateStatusQuery(query.id, ['sending'], sent))).toBe(true);
    expect(await mpesa((m) => m.updateStatusQuery(query.id, ['sending'], { status: 'unknown' }))).toBe(false);
    expect(await mpesa((m) => m.updateStatusQuery(query.id, [], { status: 'unknown' }))).toBe(false);
    expect(await mpesa((m) => m.updateStatusQuery('no-such-query', ['sent'], { status: 'unknown' }))).toBe(false);
    expect(await mpesa((m) => m.updateStatusQuery(query.id, ['sent'], {}))).toBe(true);
    const result: StatusQueryChanges = {
      status: 'answered',
      resultCode: 2032,
      resultDesc: 'The transaction receipt number does not exist.',
      resultReceipt: null,
      resultAmount: null,
      resultCreditParty: null,
      resultTransactionStatus: null,
      outcome: 'unknown_receipt',
      note: 'M-Pesa has no payment with receipt NLJ7RT61SV to our shortcode 174379.',
      nextAttemptAt: null,
      updatedAt: at(11),
      answeredAt: at(11),
      conversationId: undefined,
    };
    expect(await mpesa((m) => m.updateStatusQuery(query.id, ['sending', 'sent', 'unknown', 'failed'], result))).toBe(true);
    const { conversationId: _unchanged, ...written } = result;
    const final = { ...query, ...sent, ...written };
    expect(await h.store.read((tx) => tx.mpesa.getStatusQuery(query.id))).toStrictEqual(final);
    for (const change of [{ orderId: 'other' }, { receipt: 'X' }, { attempt: 2 }, { originatorConversationId: 'x' }, { shortCode: '1' }, { createdAt: at(30) }, { id: 'x' }]) {
      await expect(mpesa((m) => m.updateStatusQuery(query.id, ['answered'], change as StatusQueryChanges))).rejects.toThrow(/cannot be changed/);
    }
    expect(await h.store.read((tx) => tx.mpesa.getStatusQuery(query.id))).toStrictEqual(final);
  });

  it('stores a Result once when 20 transactions race to answer the same query', async () => {
    const h = harness();
    const [order] = await someOrders(h, 1);
    const query = newStatusQuery(order!.id);
    await h.store.transaction((tx) => tx.mpesa.insertStatusQuery(query));
    const bothRead = gate();
    let readOpen = 0;
    const results = await within(
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          h.store.transaction(async (tx) => {
            if ((await tx.mpesa.getStatusQuery(query.id))?.status === 'sent') readOpen += 1;
            if (h.dialect === 'postgres' && i < 2) {
              if (readOpen >= 2) bothRead.open();
              await bothRead.promise;
            }
            return tx.mpesa.updateStatusQuery(query.id, ['sending', 'sent', 'unknown', 'failed'], { status: 'answered', note: `writer ${i}`, outcome: 'verified', updatedAt: at(20, i), answeredAt: at(20, i) });
          }),
        ),
      ),
      25_000,
      'the racing transactions did not finish',
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await h.store.read((tx) => tx.mpesa.getStatusQuery(query.id))).toMatchObject({ status: 'answered', note: `writer ${winner}` });
  });

  it("lists an order's queries newest first, and finds the one that verified an order with a receipt", async () => {
    const h = harness();
    const [a, b] = await someOrders(h, 2);
    const older = newStatusQuery(a!.id, { id: 'q-z', createdAt: at(10), attempt: 1 });
    const sameTime = [newStatusQuery(a!.id, { id: 'q-b', createdAt: at(15), attempt: 2 }), newStatusQuery(a!.id, { id: 'q-a', createdAt: at(15), attempt: 3 })];
    const verifying = answered(a!.id, { id: 'q-v', receipt: 'VERIFIED01', attempt: 1, createdAt: at(16) });
    await h.store.transaction(async (tx) => {
      for (const q of [older, ...sameTime, verifying, newStatusQuery(b!.id), answered(b!.id, { receipt: 'VERIFIED01', outcome: 'short' })]) await tx.mpesa.insertStatusQuery(q);
    });
    expect(await h.store.read((tx) => tx.mpesa.listStatusQueriesForOrder(a!.id))).toStrictEqual([verifying, sameTime[0], sameTime[1], older]);
    expect(await h.store.read((tx) => tx.mpesa.listStatusQueriesForOrder('no-such-order'))).toEqual([]);
    expect(await h.store.read((tx) => tx.mpesa.findVerifyingStatusQuery('VERIFIED01'))).toStrictEqual(verifying);
    expect(await h.store.read((tx) => tx.mpesa.findVerifyingStatusQuery('NLJ7RT61SV'))).toBeUndefined();
  });

  it('lists the claims to check: open, in the window, no query to wait for or saying stop; the oldest claim first, with its attempts', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const now = at(50);
    const window = { now, claimedFrom: at(5), claimedUntil: at(48), limit: 10 };
    const never = claimed(seller.id, 'NEVERASKED', at(20));
    const due = claimed(seller.id, 'DUEAGAIN01', at(10));
    const edge = claimed(seller.id, 'EDGEOFWIN1', at(5));
    const changed = claimed(seller.id, 'NEWRECEIPT', at(30));
    const waiting = claimed(seller.id, 'WAITING001', at(11));
    const stopped = claimed(seller.id, 'STOPPED001', at(12));
    const tooNew = claimed(seller.id, 'TOONEW0001', at(49));
    const tooOld = claimed(seller.id, 'TOOOLD0001', at(4));
    const paid = claimed(seller.id, 'PAID000001', at(13), { paymentConfirmed: true, paymentConfirmedAt: at(14), status: 'paid', paymentVerifiedBy: 'c2b_confirmation' });
    const cancelled = claimed(seller.id, 'CANCEL0001', at(14), { status: 'cancelled', cancelledAt: at(15) });
    const unclaimed = newOrder(seller.id);
    await orders(h, [never, due, edge, changed, waiting, stopped, tooNew, tooOld, paid, cancelled, unclaimed]);
    await h.store.transaction(async (tx) => {
      for (const q of [
        newStatusQuery(due.id, { receipt: 'DUEAGAIN01', attempt: 1, nextAttemptAt: at(20) }),
        newStatusQuery(due.id, { receipt: 'DUEAGAIN01', attempt: 2, nextAttemptAt: now, status: 'unknown' }),
        // Queries of the receipt the buyer typed before do not count for the new one.
        newStatusQuery(changed.id, { receipt: 'OLDRECEIPT', attempt: 4, nextAttemptAt: null, status: 'answered', outcome: 'unknown_receipt' }),
        newStatusQuery(waiting.id, { receipt: 'WAITING001', attempt: 1, nextAttemptAt: at(30) }),
        newStatusQuery(waiting.id, { receipt: 'WAITING001', attempt: 2, nextAttemptAt: at(50, 1) }),
        newStatusQuery(stopped.id, { receipt: 'STOPPED001', attempt: 1, nextAttemptAt: null, status: 'answered', outcome: 'short' }),
        newStatusQuery(stopped.id, { receipt: 'STOPPED001', attempt: 2, nextAttemptAt: at(20) }),
      ]) {
        await tx.mpesa.insertStatusQuery(q);
      }
    });
    const expected: ClaimToCheck[] = [
      { orderId: edge.id, trackingNumber: edge.trackingNumber, receipt: 'EDGEOFWIN1', claimedAt: at(5), attempts: 0 },
      { orderId: due.id, trackingNumber: due.trackingNumber, receipt: 'DUEAGAIN01', claimedAt: at(10), attempts: 2 },
      { orderId: never.id, trackingNumber: never.trackingNumber, receipt: 'NEVERASKED', claimedAt: at(20), attempts: 0 },
      { orderId: changed.id, trackingNumber: changed.trackingNumber, receipt: 'NEWRECEIPT', claimedAt: at(30), attempts: 0 },
    ];
    expect(await h.store.read((tx) => tx.mpesa.listClaimsToCheck(window))).toStrictEqual(expected);
    expect(await h.store.read((tx) => tx.mpesa.listClaimsToCheck({ ...window, limit: 2 }))).toStrictEqual(expected.slice(0, 2));
    expect(await h.store.transaction((tx) => tx.mpesa.listClaimsToCheck({ ...window, now: at(50, 1) }))).toStrictEqual([...expected.slice(0, 2), { orderId: waiting.id, trackingNumber: waiting.trackingNumber, receipt: 'WAITING001', claimedAt: at(11), attempts: 2 }, ...expected.slice(2)]);
    expect(await h.store.read((tx) => tx.mpesa.listClaimsToCheck({ ...window, now: at(49) }))).toStrictEqual([expected[0], expected[2], expected[3]]);

    // A claim this transaction made (its order update may be held for the flush) is seen in it.
    const fresh = newOrder(seller.id);
    await orders(h, [fresh]);
    const seen = await h.store.transaction(async (tx) => {
      const locked = await tx.orders.getForUpdate(fresh.id);
      await tx.orders.update(fresh.id, locked!.version, { paymentClaimReceipt: 'JUSTTYPED1', paymentClaimedAt: at(47) });
      return tx.mpesa.listClaimsToCheck(window);
    });
    expect(seen.map((c) => c.receipt)).toEqual(['EDGEOFWIN1', 'DUEAGAIN01', 'NEVERASKED', 'NEWRECEIPT', 'JUSTTYPED1']);
  });

  it('answers every call as the in-memory repository does (random sequences, side by side)', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const made = [claimed(seller.id, 'RECEIPT001', at(10)), claimed(seller.id, 'RECEIPT002', at(20)), newOrder(seller.id)];
    await orders(h, made);
    const memoryOrders = (memory: MemoryEscrowStore) =>
      memory.transaction(async (tx) => {
        for (const o of made) await tx.orders.insert(o);
      });
    const status = fc.constantFrom<StatusQueryStatus>('sending', 'sent', 'answered', 'failed', 'unknown');
    // An insert's id is its op's index (a repeated id is the explicit test's); other ops name any of them.
    const queryId = fc.nat(19).map((n) => `q${n}`);
    const receipt = fc.constantFrom('RECEIPT001', 'RECEIPT002', 'OTHER00001');
    const minute = fc.integer({ min: 0, max: 59 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), order: fc.constantFrom(0, 1, 2), receipt, attempt: fc.integer({ min: 1, max: 3 }), status, next: fc.option(minute, { nil: null }), verified: fc.boolean() }),
      fc.record({ kind: fc.constant('update' as const), id: queryId, from: fc.subarray<StatusQueryStatus>(['sending', 'sent', 'answered', 'failed', 'unknown']), status: fc.option(status, { nil: undefined }), next: fc.option(fc.option(minute, { nil: null }), { nil: undefined }) }),
      fc.record({ kind: fc.constant('find' as const), id: queryId }),
      fc.record({ kind: fc.constant('listForOrder' as const), order: fc.constantFrom(0, 1, 2) }),
      fc.record({ kind: fc.constant('verifying' as const), receipt }),
      fc.record({ kind: fc.constant('claims' as const), now: minute, limit: fc.integer({ min: 0, max: 3 }) }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const run = async (m: MpesaPaymentRepository, o: Op, i: number): Promise<unknown> => {
      switch (o.kind) {
        case 'insert':
          return m.insertStatusQuery(
            newStatusQuery(made[o.order]!.id, {
              id: `q${i}`,
              originatorConversationId: `escrow-ts-q${i}`,
              conversationId: `AG_q${i}`,
              receipt: o.receipt,
              attempt: o.attempt,
              status: o.status,
              outcome: o.verified ? 'verified' : null,
              nextAttemptAt: o.next === null ? null : at(o.next, i),
              createdAt: at(0, i),
              updatedAt: at(0, i),
            }),
          );
        case 'update':
          return m.updateStatusQuery(o.id, o.from, { ...(o.status !== undefined ? { status: o.status } : {}), ...(o.next !== undefined ? { nextAttemptAt: o.next === null ? null : at(o.next, i) } : {}) });
        case 'find':
          return [await m.getStatusQuery(o.id), await m.findStatusQuery({ originatorConversationId: `escrow-ts-${o.id}`, conversationId: 'none' }), await m.findStatusQuery({ originatorConversationId: 'none', conversationId: `AG_${o.id}` })];
        case 'listForOrder':
          return m.listStatusQueriesForOrder(made[o.order]!.id);
        case 'verifying':
          return m.findVerifyingStatusQuery(o.receipt);
        case 'claims':
          return m.listClaimsToCheck({ now: at(o.now, 999), claimedFrom: at(0), claimedUntil: at(59), limit: o.limit });
      }
    };
    const outcome = (work: Promise<unknown>) =>
      work.then(
        (value) => ({ value }),
        () => ({ threw: true }),
      );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
        await h.db.deleteFrom('status_queries').execute();
        const memory = new MemoryEscrowStore();
        await memoryOrders(memory);
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
