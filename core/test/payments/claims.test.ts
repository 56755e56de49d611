import { describe, expect, it } from 'vitest';
import {
  account,
  assignRider,
  attachUnmatchedPayment,
  listUnverifiedPayments,
  markUnmatchedPaymentRefunded,
  balanceDifferences,
  balances,
  cancelOrder,
  checkOrderAgainstLedger,
  confirmPayment,
  confirmSettlement,
  createOrder,
  ExpectedBalances,
  recordC2bPayment,
  requestRefund,
  resolveRefund,
  type Cents,
  type Order,
} from '../../src/index.js';
import { payByPaybill } from '../../src/testing/index.js';
import { admin, buyerOf, memoryWorld, orderInput, seller, value } from '../support/world.js';

async function world() {
  const ctx = memoryWorld();
  const order = value(await createOrder(ctx.deps, { actor: seller, input: orderInput }));
  const ledgerAgrees = () => {
    const expected = new ExpectedBalances();
    for (const o of ctx.store.state.orders.values()) expected.add(o);
    const problems = balanceDifferences(expected.balances, balances(ctx.store.state.postings));
    for (const o of ctx.store.state.orders.values()) problems.push(...checkOrderAgainstLedger(o, ctx.store.state.postings));
    return problems;
  };
  return { ...ctx, order, ledgerAgrees, reload: (o: Order) => ctx.store.state.orders.get(o.id)! };
}

const confirmation = (order: Order, transId: string, amount: number = order.price) => ({
  transId,
  billRefNumber: order.trackingNumber,
  amount: amount as Cents,
  msisdn: 'hash',
  payerName: 'NJERI',
  businessShortCode: '174379',
  transTime: '20261125120000',
});

describe('a typed receipt is a claim until M-Pesa confirms it (PRODUCT-DECISIONS, Real money)', () => {
  it("today's exploit: a seller who knows the code types a made-up receipt; nothing enters escrow and Mark Paid stays out of reach", async () => {
    const w = await world();
    // The seller holds the buyer link (the code) and types any 10 characters.
    const claimed = value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'FAKE123456', termsAccepted: true }));
    expect(claimed).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, paymentClaimReceipt: 'FAKE123456', paymentVerifiedBy: null });
    const b = balances(w.store.state.postings);
    expect(b.get(account.escrow) ?? 0).toBe(0);
    expect(b.get(account.mpesaUnverified)).toBe(w.order.price);
    // No rider can be assigned to an unpaid prepay order, so no delivery and no Mark Paid.
    expect(await assignRider(w.deps, { orderId: w.order.id, actor: seller, rider: { riderId: 'rider-1' } })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    expect(await confirmSettlement(w.deps, { orderId: w.order.id, actor: admin })).toMatchObject({ ok: false });
    // The seller was told the buyer *reports* payment, not that it is held.
    const mails = [...w.store.state.outbox.values()].map((m) => String(m.payload['subject']));
    expect(mails).toContain('Payment reported');
    expect(mails).not.toContain('Payment confirmed');
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('the C2B confirmation that comes later pays the order and releases the claim in one commit', async () => {
    const w = await world();
    value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    // A second typed receipt replaces the claimed code but books nothing more.
    value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'NLJ7RT61SX', termsAccepted: true }));
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_claimed']);
    value(await recordC2bPayment(w.deps, confirmation(w.order, 'NLJ7RT61SX')));
    expect(w.reload(w.order)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'c2b_confirmation', mpesaReceipt: 'NLJ7RT61SX' });
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    const b = balances(w.store.state.postings);
    expect([b.get(account.mpesaUnverified), b.get(account.escrow), b.get(account.mpesaClearing)]).toEqual([0, w.order.price, -w.order.price]);
    // Typing the receipt again now answers the paid order.
    expect(value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'nlj7rt61sx', termsAccepted: true }))).toMatchObject({ status: 'paid' });
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('typing the receipt of a confirmed payment that no order took (it came while the order was not payable) attaches it', async () => {
    const w = await world();
    const other = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
    // Paid short first: unmatched.
    expect(value(await recordC2bPayment(w.deps, confirmation(w.order, 'SHORT00001', w.order.price - 100)))).toMatchObject({ outcome: 'unmatched' });
    expect(value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'SHORT00001', termsAccepted: true }))).toMatchObject({ paymentConfirmed: false });
    // The right amount, but it arrived for a cancelled order... here: sent to the right account while another receipt paid it.
    await payByPaybill(w.deps, other, 'OTHER00001');
    expect(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'OTHER00001', termsAccepted: true })).toMatchObject({ ok: false, error: { code: 'MPESA_RECEIPT_ALREADY_USED' } });
    expect(w.reload(w.order).status).toBe('awaiting_payment');
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('cancelling an order with an open claim takes the claim out of the ledger', async () => {
    const w = await world();
    value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    value(await cancelOrder(w.deps, { orderId: w.order.id, actor: seller }));
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_claimed', 'claim_released']);
    expect(balances(w.store.state.postings).get(account.mpesaUnverified)).toBe(0);
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('an order paid on a typed receipt alone before verification existed: Mark Paid and refunds are refused', async () => {
    const w = await world();
    await payByPaybill(w.deps, w.order, 'LEGACY0001');
    // As migration 0011 leaves orders paid before it: confirmed, with nothing that verified it.
    w.store.state.orders.set(w.order.id, { ...w.reload(w.order), paymentVerifiedBy: null });
    value(await requestRefund(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), reason: 'Never delivered' }));
    const refund = [...w.store.state.refunds.values()][0]!;
    expect(await resolveRefund(w.deps, { refundId: refund.id, actor: admin, resolution: { decision: 'refund', mpesaReference: 'RFD1234567' } })).toMatchObject({ ok: false, error: { code: 'PAYMENT_UNVERIFIED' } });
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_in']);
  });
});

describe('unmatched Paybill payments: an admin attaches or records a refund', () => {
  it('attaches a payment sent with a mistyped account number to its order (verified by the admin), once', async () => {
    const w = await world();
    value(await recordC2bPayment(w.deps, { ...confirmation(w.order, 'TYPO000001'), billRefNumber: 'TYPO' }));
    expect(await attachUnmatchedPayment(w.deps, { actor: seller, transId: 'TYPO000001', orderId: w.order.id })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const paid = value(await attachUnmatchedPayment(w.deps, { actor: admin, transId: 'typo000001', orderId: w.order.id }));
    expect(paid).toMatchObject({ status: 'paid', paymentVerifiedBy: 'admin:admin-1', mpesaReceipt: 'TYPO000001' });
    expect(w.store.state.c2bPayments.get('TYPO000001')).toMatchObject({ status: 'attached', orderId: w.order.id, resolvedBy: 'admin-1' });
    expect(await attachUnmatchedPayment(w.deps, { actor: admin, transId: 'TYPO000001', orderId: w.order.id })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(w.store.state.events.filter((e) => e.action === 'verify_payment').map((e) => e.actor)).toEqual(['admin:admin-1']);
    expect(w.ledgerAgrees()).toEqual([]);
  });

  it('refuses to attach a short payment; records a refund by hand instead', async () => {
    const w = await world();
    value(await recordC2bPayment(w.deps, confirmation(w.order, 'SHORT00002', 100_00)));
    expect(await attachUnmatchedPayment(w.deps, { actor: admin, transId: 'SHORT00002', orderId: w.order.id })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(w.store.state.c2bPayments.get('SHORT00002')?.status).toBe('unmatched');
    expect(await markUnmatchedPaymentRefunded(w.deps, { actor: admin, transId: 'SHORT00002', reference: 'bad' })).toMatchObject({ ok: false });
    expect(value(await markUnmatchedPaymentRefunded(w.deps, { actor: admin, transId: 'SHORT00002', reference: 'RFD1234567' }))).toMatchObject({ status: 'refunded', resolvedBy: 'admin-1' });
    expect(await markUnmatchedPaymentRefunded(w.deps, { actor: admin, transId: 'SHORT00002', reference: 'RFD1234567' })).toMatchObject({ ok: false });
  });

  it('lists claims (flagged after 24 hours), orders paid unverified and unmatched payments', async () => {
    const w = await world();
    value(await confirmPayment(w.deps, { orderId: w.order.id, actor: buyerOf(w.order), mpesaReceipt: 'CLAIM00009', termsAccepted: true }));
    value(await recordC2bPayment(w.deps, { ...confirmation(w.order, 'STRAY00009'), billRefNumber: 'NOPE' }));
    expect((await listUnverifiedPayments(w.deps)).orders).toMatchObject([{ kind: 'claim', receipt: 'CLAIM00009', flagged: false }]);
    w.clock.advance(24 * 60 * 60_000 + 1);
    const listed = await listUnverifiedPayments(w.deps);
    expect(listed.orders).toMatchObject([{ kind: 'claim', flagged: true }]);
    expect(listed.unmatched.map((p) => p.transId)).toEqual(['STRAY00009']);
  });
});
