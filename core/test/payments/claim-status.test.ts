import { describe, expect, it } from 'vitest';
import {
  account,
  balanceDifferences,
  balances,
  cancelOrder,
  checkClaims,
  checkOrderAgainstLedger,
  CLAIM_FLAG_AFTER_MS,
  confirmPayment,
  createOrder,
  ExpectedBalances,
  listUnverifiedPayments,
  reconcilePayments,
  recordC2bPayment,
  recordStatusResult,
  recordStatusTimeout,
  type Cents,
  type Order,
  type StatusQuery,
  type TransactionStatusResult,
} from '../../src/index.js';
import { payByPaybill } from '../../src/testing/index.js';
import { buyerOf, memoryWorld, orderInput, seller, value } from '../support/world.js';
import { ScriptedMpesa } from './scripted-mpesa.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function world(options: { transactionStatus?: boolean } = { transactionStatus: true }) {
  const ctx = memoryWorld();
  const mpesa = new ScriptedMpesa(options);
  const deps = { ...ctx.deps, mpesa };
  const order = value(await createOrder(deps, { actor: seller, input: orderInput }));
  const queries = (o: Order = order): StatusQuery[] => [...ctx.store.state.statusQueries.values()].filter((q) => q.orderId === o.id).sort((a, b) => a.attempt - b.attempt);
  const kinds = (o: Order = order) => ctx.store.state.postings.filter((p) => p.orderId === o.id).map((p) => p.kind);
  const ledgerAgrees = () => {
    const expected = new ExpectedBalances();
    for (const o of ctx.store.state.orders.values()) expected.add(o);
    const problems = balanceDifferences(expected.balances, balances(ctx.store.state.postings));
    for (const o of ctx.store.state.orders.values()) problems.push(...checkOrderAgainstLedger(o, ctx.store.state.postings.filter((p) => p.orderId === o.id)));
    return problems;
  };
  return {
    ...ctx,
    deps,
    mpesa,
    ts: mpesa.transactionStatus,
    order,
    queries,
    kinds,
    ledgerAgrees,
    reload: (o: Order = order) => ctx.store.state.orders.get(o.id)!,
    claim: async (receipt: string, o: Order = order) => value(await confirmPayment(deps, { orderId: o.id, actor: buyerOf(o), mpesaReceipt: receipt, termsAccepted: true })),
    /** The Result Daraja would POST for `query`: by default, the claimed receipt paid in full to our shortcode. */
    result: (query: StatusQuery, overrides: Partial<TransactionStatusResult> = {}): TransactionStatusResult => ({
      originatorConversationId: query.originatorConversationId,
      conversationId: query.conversationId ?? 'AG_20260101_unknown',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      receiptNo: query.receipt,
      amount: order.price,
      creditPartyName: '174379 - ESCROW LTD',
      transactionStatus: 'Completed',
      ...overrides,
    }),
  };
}

describe('a claim is verified by a Transaction Status query (decision 0044)', () => {
  it('asks 2 minutes after the claim, once; a Result that matches pays the order, releases the claim and books the price into escrow', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE - 1);
    expect((await reconcilePayments(w.deps)).claims).toEqual({ asked: 0, accepted: 0, refused: 0, unknown: 0 });
    w.clock.advance(1);
    expect((await reconcilePayments(w.deps)).claims).toEqual({ asked: 1, accepted: 1, refused: 0, unknown: 0 });
    const [query] = w.queries();
    expect(query).toMatchObject({ receipt: 'NLJ7RT61SV', attempt: 1, shortCode: '174379', status: 'sent', conversationId: 'AG_20260101_00000000000000000001', originatorConversationId: `escrow-ts-${query!.id}` });
    expect(w.ts!.queries).toEqual([{ receipt: 'NLJ7RT61SV', originatorConversationId: query!.originatorConversationId, occasion: w.order.trackingNumber }]);
    // Waiting for its Result: not asked again.
    w.clock.advance(MINUTE);
    expect((await checkClaims(w.deps)).asked).toBe(0);

    expect(value(await recordStatusResult(w.deps, w.result(query!)))).toEqual({ outcome: 'verified', queryId: query!.id, orderId: w.order.id });
    expect(w.reload()).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: 'transaction_status', paymentReceived: w.order.price });
    expect(w.kinds()).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    const b = balances(w.store.state.postings);
    expect([b.get(account.mpesaUnverified), b.get(account.escrow), b.get(account.mpesaClearing)]).toEqual([0, w.order.price, -w.order.price]);
    expect(w.queries()[0]).toMatchObject({ status: 'answered', outcome: 'verified', nextAttemptAt: null, resultAmount: w.order.price, resultCreditParty: '174379 - ESCROW LTD', resultTransactionStatus: 'Completed' });
    expect(w.store.state.events.filter((e) => e.action === 'verify_payment').map((e) => e.data)).toMatchObject([{ verifiedBy: 'transaction_status', receipt: 'NLJ7RT61SV', originatorConversationId: query!.originatorConversationId }]);
    expect([...w.store.state.outbox.values()].map((m) => m.payload['subject'])).toContain('Payment confirmed');
    expect(w.ledgerAgrees()).toEqual([]);
    // Paid: nothing more to ask.
    w.clock.advance(3 * HOUR);
    expect((await checkClaims(w.deps)).asked).toBe(0);
  });

  it('more than the price: the excess waits in suspense, as a Paybill overpayment does', async () => {
    const w = await world();
    await w.claim('OVERPAID01');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    value(await recordStatusResult(w.deps, w.result(w.queries()[0]!, { amount: (w.order.price + 150_00) as Cents })));
    expect(w.reload()).toMatchObject({ status: 'paid', paymentReceived: w.order.price + 150_00 });
    expect(balances(w.store.state.postings).get(account.mpesaSuspense)).toBe(150_00);
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it.each([
    ['an unknown receipt (2032)', { resultCode: 2032, resultDesc: 'The transaction receipt number does not exist.', receiptNo: null, amount: null, creditPartyName: null, transactionStatus: null }, 'unknown_receipt', 'M-Pesa has no payment with receipt NLJ7RT61SV to our shortcode 174379 (Transaction Status 2032: The transaction receipt number does not exist.).'],
    ['a short amount', { amount: 39_999_00 as Cents }, 'short', 'M-Pesa says KSh 39,999.00 was paid, less than the price of KSh 40,000.00.'],
    ['"5.00"-style cents just short', { amount: 39_999_99 as Cents }, 'short', 'M-Pesa says KSh 39,999.99 was paid, less than the price of KSh 40,000.00.'],
    ['a payment to another business', { creditPartyName: '600999 - OTHER SHOP' }, 'other_business', 'The payment went to 600999 - OTHER SHOP, not to our shortcode 174379.'],
    ['a shortcode that only starts like ours', { creditPartyName: '1743790 - LOOKALIKE' }, 'other_business', 'The payment went to 1743790 - LOOKALIKE, not to our shortcode 174379.'],
    ['an answer about another receipt', { receiptNo: 'OTHER00001' }, 'wrong_receipt', 'M-Pesa answered about another receipt (OTHER00001), not NLJ7RT61SV.'],
  ] as const)('%s: the claim stays a claim, the reason is in words on the query and the admin list, and it is not asked again', async (_name, overrides, outcome, note) => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    const [query] = w.queries();
    expect(value(await recordStatusResult(w.deps, w.result(query!, overrides)))).toEqual({ outcome: 'not_verified', queryId: query!.id, reason: outcome, note });
    expect(w.reload()).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, paymentClaimReceipt: 'NLJ7RT61SV', paymentVerifiedBy: null });
    expect(w.kinds()).toEqual(['payment_claimed']);
    expect(w.queries()[0]).toMatchObject({ status: 'answered', outcome, note, nextAttemptAt: null });
    const [listed] = (await listUnverifiedPayments(w.deps)).orders;
    expect(listed).toMatchObject({ kind: 'claim', receipt: 'NLJ7RT61SV' });
    expect(listed!.check).toContain(note);
    expect(listed!.check).toMatch(/\(query 1, 2026-01-01 12:02 EAT\)$/);
    w.clock.advance(6 * HOUR);
    expect((await checkClaims(w.deps)).asked).toBe(0);
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('a claim the buyer corrects (a new receipt) is asked about afresh', async () => {
    const w = await world();
    await w.claim('MISTYPED01');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    value(await recordStatusResult(w.deps, w.result(w.queries()[0]!, { resultCode: 2032, receiptNo: null, amount: null, creditPartyName: null, transactionStatus: null })));
    await w.claim('NLJ7RT61SV');
    expect((await checkClaims(w.deps)).asked).toBe(1);
    const fresh = w.queries().find((q) => q.receipt === 'NLJ7RT61SV')!;
    expect(fresh.attempt).toBe(1);
    value(await recordStatusResult(w.deps, w.result(fresh)));
    expect(w.reload()).toMatchObject({ status: 'paid', mpesaReceipt: 'NLJ7RT61SV' });
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('"not Completed" and a failed query are asked about again on the schedule', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    expect(value(await recordStatusResult(w.deps, w.result(w.queries()[0]!, { transactionStatus: 'Pending' })))).toMatchObject({ reason: 'not_completed' });
    expect((await checkClaims(w.deps)).asked).toBe(0);
    w.clock.advance(2 * MINUTE);
    expect((await checkClaims(w.deps)).asked).toBe(1);
    expect(value(await recordStatusResult(w.deps, w.result(w.queries()[1]!, { resultCode: 1, resultDesc: 'Internal error', receiptNo: null })))).toMatchObject({ reason: 'query_failed' });
    w.clock.advance(10 * MINUTE);
    expect((await checkClaims(w.deps)).asked).toBe(1);
    value(await recordStatusResult(w.deps, w.result(w.queries()[2]!)));
    expect(w.reload()).toMatchObject({ status: 'paid', paymentVerifiedBy: 'transaction_status' });
    expect(w.kinds()).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
  });

  it('a lost Result: asked again after 2, 10 and 30 minutes, then every 2 hours, each time a new query id, never two waiting; none after 24 hours', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    const claimedAt = w.reload().paymentClaimedAt!.getTime();
    const sentAt: number[] = [];
    // Every reconciler round (15 s) for 25 hours; no Result ever comes.
    for (let t = 0; t <= 25 * HOUR; t += 15_000) {
      const report = await checkClaims(w.deps);
      for (let i = 0; i < report.asked; i += 1) sentAt.push(w.clock.now().getTime() - claimedAt);
      w.clock.advance(15_000);
    }
    const expected = [2, 4, 14, 44].map((m) => m * MINUTE);
    for (let next = 44 * MINUTE + 2 * HOUR; next <= CLAIM_FLAG_AFTER_MS; next += 2 * HOUR) expected.push(next);
    expect(sentAt).toEqual(expected);
    const queries = w.queries();
    expect(queries.map((q) => q.attempt)).toEqual(expected.map((_, i) => i + 1));
    expect(new Set(queries.map((q) => q.originatorConversationId)).size).toBe(queries.length);
    expect(new Set(w.ts!.queries.map((q) => q.originatorConversationId)).size).toBe(queries.length);
    // The admin list says it is flagged and where the check stands.
    expect((await listUnverifiedPayments(w.deps)).orders).toMatchObject([{ kind: 'claim', flagged: true, check: expect.stringMatching(/^Asked M-Pesa \(Transaction Status query 15\)/) }]);

    // A late Result of an early query still settles it.
    value(await recordStatusResult(w.deps, w.result(queries[2]!)));
    expect(w.reload()).toMatchObject({ status: 'paid', paymentVerifiedBy: 'transaction_status' });
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('a query whose send timed out is unknown: the next attempt is a new query, and its own late Result still counts', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    w.ts!.next = { status: 'unknown', reason: 'Transaction Status: no answer within 10000 ms' };
    expect(await checkClaims(w.deps)).toEqual({ asked: 1, accepted: 0, refused: 0, unknown: 1 });
    expect(w.queries()[0]).toMatchObject({ status: 'unknown', conversationId: null, resultDesc: 'no answer: Transaction Status: no answer within 10000 ms' });
    expect((await listUnverifiedPayments(w.deps)).orders[0]!.check).toMatch(/^Transaction Status query 1 at 2026-01-01 12:02 EAT got no answer/);
    w.clock.advance(2 * MINUTE);
    expect((await checkClaims(w.deps)).asked).toBe(1);
    const [first, second] = w.queries();
    expect(second!.originatorConversationId).not.toBe(first!.originatorConversationId);
    // The first one had gone through after all: its Result (by our OriginatorConversationID) pays the order.
    expect(value(await recordStatusResult(w.deps, w.result(first!, { conversationId: 'AG_20260101_first' })))).toMatchObject({ outcome: 'verified' });
    expect(w.queries()[0]).toMatchObject({ status: 'answered', conversationId: 'AG_20260101_first' });
    // The second's Result comes too: nothing more moves.
    expect(value(await recordStatusResult(w.deps, w.result(second!)))).toMatchObject({ outcome: 'not_verified', reason: 'claim_closed' });
    expect(w.kinds()).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
  });

  it('a refusal is kept and asked again on the schedule; one the client made before sending stops the asking', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    w.ts!.next = { status: 'refused', reason: 'Spike Arrest Violation', retryable: true };
    expect(await checkClaims(w.deps)).toEqual({ asked: 1, accepted: 0, refused: 1, unknown: 0 });
    w.clock.advance(2 * MINUTE);
    w.ts!.next = { status: 'refused', reason: 'Transaction Status needs MPESA_INITIATOR_NAME', retryable: false };
    expect((await checkClaims(w.deps)).refused).toBe(1);
    expect(w.queries().map((q) => [q.status, q.nextAttemptAt === null])).toEqual([
      ['failed', false],
      ['failed', true],
    ]);
    expect((await listUnverifiedPayments(w.deps)).orders[0]!.check).toMatch(/refused Transaction Status query 2 .*Not asked again automatically\.$/);
    w.clock.advance(5 * HOUR);
    expect((await checkClaims(w.deps)).asked).toBe(0);
  });

  it('Daraja queue timeout: the query is unknown and the claim is asked again later', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    const [query] = w.queries();
    expect(value(await recordStatusTimeout(w.deps, { originatorConversationId: query!.originatorConversationId, conversationId: query!.conversationId!, resultDesc: 'The service request timed out.' }))).toEqual({ known: true });
    expect(w.queries()[0]).toMatchObject({ status: 'unknown', resultDesc: "timed out in M-Pesa's queue: The service request timed out." });
    expect(value(await recordStatusTimeout(w.deps, { originatorConversationId: 'nobody', conversationId: 'nobody', resultDesc: 'x' }))).toEqual({ known: false });
    w.clock.advance(2 * MINUTE);
    expect((await checkClaims(w.deps)).asked).toBe(1);
  });

  it('duplicate, late and 20 simultaneous copies of the Result: stored once, one posting', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    const result = w.result(w.queries()[0]!);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => recordStatusResult(w.deps, result)));
    expect(outcomes.map((o) => value(o).outcome).sort()).toEqual(['verified', ...Array.from({ length: 19 }, () => 'duplicate')].sort());
    w.clock.advance(HOUR);
    expect(value(await recordStatusResult(w.deps, result))).toEqual({ outcome: 'duplicate', queryId: w.queries()[0]!.id });
    // A copy that says something else changes nothing either: the first answer stands.
    expect(value(await recordStatusResult(w.deps, { ...result, resultCode: 2032 }))).toMatchObject({ outcome: 'duplicate' });
    expect(w.kinds()).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    expect(w.queries()[0]).toMatchObject({ outcome: 'verified' });
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('a Result naming no query of ours is ignored; one found by its ConversationID alone is taken', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    const [query] = w.queries();
    expect(value(await recordStatusResult(w.deps, w.result(query!, { originatorConversationId: 'forged', conversationId: 'forged' })))).toEqual({ outcome: 'unknown_query' });
    expect(w.kinds()).toEqual(['payment_claimed']);
    expect(value(await recordStatusResult(w.deps, w.result(query!, { originatorConversationId: '29115-34620561-1' })))).toMatchObject({ outcome: 'verified' });
  });

  it('a C2B confirmation of the same payment after the Transaction Status verified it: kept as that order\'s, no second posting (right or mistyped account)', async () => {
    for (const account of ['right', 'mistyped'] as const) {
      const w = await world();
      await w.claim('NLJ7RT61SV');
      w.clock.advance(2 * MINUTE);
      await checkClaims(w.deps);
      value(await recordStatusResult(w.deps, w.result(w.queries()[0]!)));
      const confirmation = { transId: 'NLJ7RT61SV', billRefNumber: account === 'right' ? w.order.trackingNumber : 'TYPO', amount: w.order.price, msisdn: 'hash', payerName: 'NJERI', businessShortCode: '174379', transTime: '20260101120500' };
      expect(value(await recordC2bPayment(w.deps, confirmation))).toEqual({ outcome: 'already_verified', orderId: w.order.id });
      expect(value(await recordC2bPayment(w.deps, confirmation))).toEqual({ outcome: 'duplicate' });
      expect(w.store.state.c2bPayments.get('NLJ7RT61SV')).toMatchObject({ status: 'matched', orderId: w.order.id });
      expect(w.kinds()).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
      expect((await listUnverifiedPayments(w.deps)).unmatched).toEqual([]);
      expect(w.ledgerAgrees()).toEqual([]);
    }
  });

  it('a Result after a C2B confirmation verified the order does nothing', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    await payByPaybill(w.deps, w.order, 'NLJ7RT61SV');
    expect(w.reload()).toMatchObject({ status: 'paid', paymentVerifiedBy: 'c2b_confirmation' });
    expect(value(await recordStatusResult(w.deps, w.result(w.queries()[0]!)))).toMatchObject({ outcome: 'not_verified', reason: 'claim_closed', note: 'Not used: the order was already paid (NLJ7RT61SV, verified by c2b_confirmation).' });
    expect(w.kinds()).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    expect(w.reload().paymentVerifiedBy).toBe('c2b_confirmation');
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('a receipt that already paid another order is not used twice; an unmatched Paybill payment with it becomes this order\'s', async () => {
    const w = await world();
    const other = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
    // The receipt paid the other order (its own C2B); this buyer types it as a claim before that.
    await w.claim('SHARED0001');
    await payByPaybill(w.deps, other, 'SHARED0001');
    w.clock.advance(2 * MINUTE);
    // The claim typed the paid receipt: confirmPayment's own check refuses only a typed receipt; the claim stands.
    await checkClaims(w.deps);
    expect(value(await recordStatusResult(w.deps, w.result(w.queries()[0]!)))).toMatchObject({ outcome: 'not_verified', reason: 'receipt_used', note: 'Not used: receipt SHARED0001 already paid another order.' });
    expect(w.reload()).toMatchObject({ status: 'awaiting_payment' });

    // A Paybill payment with a mistyped account number, and this receipt: the query verifies the claim and takes it.
    const third = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
    value(await recordC2bPayment(w.deps, { transId: 'TYPOED0001', billRefNumber: 'NOPE', amount: third.price, msisdn: 'hash', payerName: 'NJERI', businessShortCode: '174379', transTime: '20260101120500' }));
    expect(value(await confirmPayment(w.deps, { orderId: third.id, actor: buyerOf(third), mpesaReceipt: 'TYPOED0001', termsAccepted: true }))).toMatchObject({ paymentConfirmed: false });
    w.clock.advance(2 * MINUTE);
    await checkClaims(w.deps);
    value(await recordStatusResult(w.deps, w.result(w.queries(third)[0]!)));
    expect(w.reload(third)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'transaction_status' });
    expect(w.store.state.c2bPayments.get('TYPOED0001')).toMatchObject({ status: 'matched', orderId: third.id });
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('a claim that is cancelled or paid before its query is not asked about; two reconcilers at once send one query', async () => {
    const w = await world();
    await w.claim('NLJ7RT61SV');
    const other = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
    await w.claim('CANCEL0001', other);
    value(await cancelOrder(w.deps, { orderId: other.id, actor: seller }));
    w.clock.advance(2 * MINUTE);
    const reports = await Promise.all([checkClaims(w.deps), checkClaims(w.deps), checkClaims(w.deps)]);
    expect(reports.map((r) => r.asked).sort()).toEqual([0, 0, 1]);
    expect(w.ts!.queries.map((q) => q.receipt)).toEqual(['NLJ7RT61SV']);
  });

  it('without Transaction Status (no initiator), claims are never asked about: they wait for the C2B confirmation', async () => {
    const w = await world({});
    expect(w.mpesa.transactionStatus).toBeUndefined();
    await w.claim('NLJ7RT61SV');
    w.clock.advance(3 * HOUR);
    expect((await reconcilePayments(w.deps)).claims).toEqual({ asked: 0, accepted: 0, refused: 0, unknown: 0 });
    expect(w.store.state.statusQueries.size).toBe(0);
    expect((await listUnverifiedPayments(w.deps)).orders[0]!.check).toBe('M-Pesa not asked yet (Transaction Status asks 2 minutes after the claim, when an initiator is configured).');
    await payByPaybill(w.deps, w.order, 'NLJ7RT61SV');
    expect(w.reload()).toMatchObject({ status: 'paid', paymentVerifiedBy: 'c2b_confirmation' });
  });
});
