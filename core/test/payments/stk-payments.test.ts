import { describe, expect, it } from 'vitest';
import {
  account,
  attachUnmatchedPayment,
  balanceDifferences,
  cancelOrder,
  balances,
  checkOrderAgainstLedger,
  createOrder,
  ExpectedBalances,
  getStkPayment,
  listUnverifiedPayments,
  markUnmatchedPaymentRefunded,
  reconcilePayments,
  recordStkCallback,
  requestStkPayment,
  settleStkRequest,
  stkResultMessages,
  type Cents,
  type CreateOrderInput,
} from '../../src/index.js';
import { buyerOf, memoryWorld, orderInput, seller, value } from '../support/world.js';
import { ScriptedMpesa } from './scripted-mpesa.js';

function world(extra: Partial<CreateOrderInput> = {}) {
  const ctx = memoryWorld();
  const mpesa = new ScriptedMpesa();
  const deps = { ...ctx.deps, mpesa };
  return { ...ctx, deps, mpesa, create: async () => value(await createOrder(deps, { actor: seller, input: { ...orderInput, ...extra } })) };
}

const success = (checkoutRequestId: string, amount = 40_000_00) => ({
  checkoutRequestId,
  merchantRequestId: 'm-1',
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  receipt: 'NLJ7RT61SV',
  amount: amount as Cents,
  phone: '254722000111',
});

describe('STK Push: money moves only when the STK Query agrees', () => {
  it('prompts the phone for the price in whole shillings, and a second tap shows the same prompt', async () => {
    const w = world();
    const order = await w.create();
    const first = value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722 000 111' }));
    expect(first).toMatchObject({ state: 'waiting', message: stkResultMessages.checkYourPhone, phone: '2547•••••111' });
    expect(w.mpesa.pushes).toEqual([{ msisdn: '254722000111', amount: 40_000_00, accountReference: order.trackingNumber, description: 'Escrow order' }]);
    const again = value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    expect(again.id).toBe(first.id);
    expect(w.mpesa.pushes).toHaveLength(1);
    expect(w.store.state.postings).toEqual([]);
  });

  it('refuses a bad phone, a stranger, the seller, and an order already paid', async () => {
    const w = world();
    const order = await w.create();
    expect(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '12345' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await requestStkPayment(w.deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: '000000' }, phone: '0722000111' })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    expect(await requestStkPayment(w.deps, { orderId: order.id, actor: seller, phone: '0722000111' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await requestStkPayment({ ...w.deps, mpesa: undefined }, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' })).toMatchObject({ ok: false, error: { code: 'MPESA_NOT_CONFIGURED' } });
    expect(w.mpesa.pushes).toHaveLength(0);
  });

  it('a success callback alone moves nothing; the query that agrees pays the order once, however many callbacks arrive', async () => {
    const w = world();
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    // The query still says "being processed": the callback is only a hint.
    value(await recordStkCallback(w.deps, success('ws_CO_1')));
    expect(w.store.state.orders.get(order.id)).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false });
    expect(value(await getStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order) }))).toMatchObject({ state: 'waiting', message: stkResultMessages.stillChecking });
    expect(w.store.state.postings).toEqual([]);

    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'The service request is processed successfully.' });
    const callbacks = await Promise.all(Array.from({ length: 50 }, () => recordStkCallback(w.deps, success('ws_CO_1'))));
    expect(callbacks.filter((r) => r.ok && r.value.known && r.value.settlement?.outcome === 'paid')).toHaveLength(1);
    const paid = w.store.state.orders.get(order.id)!;
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: 'stk_query', paymentReceived: 40_000_00 });
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_in']);
    expect(balances(w.store.state.postings).get(account.escrow)).toBe(40_000_00);
    expect(checkOrderAgainstLedger(paid, w.store.state.postings)).toEqual([]);
    expect(value(await getStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order) }))).toMatchObject({ state: 'paid', message: stkResultMessages.paid });
  });

  it('a lost callback: the reconciler queries after 60 s and settles it (no receipt, the CheckoutRequestID as reference)', async () => {
    const w = world();
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    expect(await reconcilePayments(w.deps)).toMatchObject({ queried: 0 });
    w.clock.advance(60_000);
    expect(await reconcilePayments(w.deps)).toMatchObject({ queried: 1, paid: 1 });
    expect(w.store.state.orders.get(order.id)).toMatchObject({ status: 'paid', mpesaReceipt: null, paymentVerifiedBy: 'stk_query' });
    expect(w.store.state.postings[0]?.reference).toBe('ws_CO_1');
    expect(await reconcilePayments(w.deps)).toMatchObject({ queried: 0 });
  });

  it('queries again with backoff while M-Pesa says "being processed"', async () => {
    const w = world();
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    const times: number[] = [];
    for (let minute = 1; minute <= 20; minute += 1) {
      w.clock.advance(60_000);
      const report = await reconcilePayments(w.deps);
      if (report.queried > 0) times.push(minute);
    }
    expect(times).toEqual([1, 3, 7, 15]);
    expect(w.store.state.orders.get(order.id)?.status).toBe('awaiting_payment');
  });

  it.each([
    [1032, stkResultMessages.cancelled, true],
    [1, stkResultMessages.insufficientFunds, true],
    [2001, stkResultMessages.wrongPin, true],
    [1019, stkResultMessages.expired, true],
    [1037, stkResultMessages.unreachable, true],
    [17, stkResultMessages.duplicate, true],
    [2028, stkResultMessages.notPermitted, false],
    [9999, stkResultMessages.failed, true],
  ])('result %i: nothing moves, the buyer reads what happened and may try again (%s)', async (code, message, canRetry) => {
    const w = world();
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: code, resultDesc: 'x' });
    value(await recordStkCallback(w.deps, { checkoutRequestId: 'ws_CO_1', merchantRequestId: 'm-1', resultCode: code, resultDesc: 'x' }));
    expect(value(await getStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order) }))).toMatchObject({ state: 'failed', message, canRetry, resultCode: code });
    expect(w.store.state.orders.get(order.id)?.status).toBe('awaiting_payment');
    expect(w.store.state.postings).toEqual([]);
    // A new tap prompts again.
    const retried = value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    expect(retried.state).toBe('waiting');
    expect(w.mpesa.pushes).toHaveLength(2);
  });

  it('a push Daraja refuses or never answers: nothing is owed, the buyer is told, the reconciler closes the unknown one', async () => {
    const w = world();
    const order = await w.create();
    w.mpesa.nextPush = { status: 'refused', reason: 'Unable to lock subscriber, a transaction is already in process for the current subscriber', retryable: true };
    expect(value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }))).toMatchObject({ state: 'failed', message: stkResultMessages.phoneBusy, canRetry: true });
    w.clock.advance(1_000);
    w.mpesa.nextPush = { status: 'unknown', reason: 'timeout' };
    expect(value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }))).toMatchObject({ state: 'waiting', message: stkResultMessages.stillChecking });
    w.clock.advance(11 * 60_000);
    await reconcilePayments(w.deps);
    w.clock.advance(5 * 60_000);
    await reconcilePayments(w.deps);
    expect(value(await getStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order) }))).toMatchObject({ state: 'failed', message: stkResultMessages.sendFailed });
    expect(w.mpesa.queries).toEqual([]);
  });

  it('a price with cents: the prompt asks the next whole shilling; the extra waits in suspense and the ledger check agrees', async () => {
    const w = world({ price: 1_500_50 as Cents, deliveryCost: 0 as Cents });
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    expect(w.mpesa.pushes[0]?.amount).toBe(1_501_00);
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    value(await recordStkCallback(w.deps, success('ws_CO_1', 1_501_00)));
    const paid = w.store.state.orders.get(order.id)!;
    expect(paid).toMatchObject({ status: 'paid', paymentReceived: 1_501_00 });
    const b = balances(w.store.state.postings);
    expect([b.get(account.mpesaClearing), b.get(account.escrow), b.get(account.mpesaSuspense)]).toEqual([-1_501_00, 1_500_50, 50]);
    const expected = new ExpectedBalances();
    expected.add(paid);
    expect(balanceDifferences(expected.balances, b)).toEqual([]);
  });

  it('a second prompt paid after the order was paid is closed for an admin to refund, with no second posting', async () => {
    const w = world();
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    w.clock.advance(91_000);
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    w.mpesa.answers.set('ws_CO_2', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    value(await recordStkCallback(w.deps, success('ws_CO_2')));
    const late = value(await recordStkCallback(w.deps, { ...success('ws_CO_1'), receipt: 'NLJ7RT61SW' }));
    expect(late).toMatchObject({ known: true, settlement: { outcome: 'needs_attention' } });
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_in']);
    expect([...w.store.state.stkRequests.values()].map((r) => r.status)).toEqual(['paid', 'paid']);
    // The second payment waits on the admin's Unmatched payments list, keyed by its receipt, to be refunded.
    const listed = await listUnverifiedPayments(w.deps);
    expect(listed.unmatched).toEqual([
      expect.objectContaining({ transId: 'NLJ7RT61SW', billRefNumber: order.trackingNumber, amount: order.price, msisdn: '254722000111', status: 'unmatched', note: `Paid by M-Pesa prompt for order ${order.trackingNumber}, which was already paid` }),
    ]);
    value(await markUnmatchedPaymentRefunded(w.deps, { actor: { kind: 'admin', userId: 'admin-1' }, transId: 'NLJ7RT61SW', reference: 'RFD1234567' }));
    expect((await listUnverifiedPayments(w.deps)).unmatched).toEqual([]);
  });

  it('a paid prompt whose callback was lost and whose order was cancelled meanwhile is listed under its CheckoutRequestID', async () => {
    const w = world();
    const order = await w.create();
    value(await requestStkPayment(w.deps, { orderId: order.id, actor: buyerOf(order), phone: '0722000111' }));
    value(await cancelOrder(w.deps, { orderId: order.id, actor: seller }));
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    const [request] = [...w.store.state.stkRequests.values()];
    expect(value(await settleStkRequest(w.deps, request!.id))).toMatchObject({ outcome: 'needs_attention' });
    expect(w.store.state.postings).toEqual([]);
    const [stray] = (await listUnverifiedPayments(w.deps)).unmatched;
    expect(stray).toMatchObject({ transId: 'ws_CO_1', amount: order.price, note: `Paid by M-Pesa prompt for order ${order.trackingNumber}, which was cancelled` });
    // An admin can attach it to the order the buyer meant to pay instead.
    const other = await w.create();
    const attached = value(await attachUnmatchedPayment(w.deps, { actor: { kind: 'admin', userId: 'admin-1' }, transId: 'ws_CO_1', trackingNumber: other.trackingNumber }));
    expect(attached).toMatchObject({ id: other.id, status: 'paid' });
    // Settling again changes nothing more.
    expect(value(await settleStkRequest(w.deps, request!.id))).toEqual({ outcome: 'already_final' });
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_in']);
  });

  it('an unknown CheckoutRequestID is answered and changes nothing', async () => {
    const w = world();
    expect(value(await recordStkCallback(w.deps, success('ws_CO_nobody')))).toEqual({ known: false });
  });
});
