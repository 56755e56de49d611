import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptJob,
  assignRider,
  checkOrderAgainstLedger,
  completeDelivery,
  confirmPickup,
  confirmSettlement,
  createOrder,
  markUnmatchedPaymentRefunded,
  messageFor,
  recordC2bPayment,
  requestRefund,
  resolveRefund,
  type Cents,
  type Order,
  type RefundRequest,
} from '../../src/index.js';
import { payByPaybill, testReceipt } from '../../src/testing/index.js';
import { admin, buyerOf, memoryWorld, orderInput, riderOf, seller, value } from '../support/world.js';

type World = ReturnType<typeof memoryWorld>;

/** A paid order with an open refund request; the buyer paid with `receipt`. */
async function refundRequested(w: World, receipt = testReceipt()): Promise<{ order: Order; request: RefundRequest; receipt: string }> {
  const order = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
  await payByPaybill(w.deps, order, receipt);
  const request = value(await requestRefund(w.deps, { orderId: order.id, actor: buyerOf(order), reason: 'Not the model I ordered' }));
  return { order, request, receipt };
}

/** A delivered order, awaiting settlement. */
async function delivered(w: World): Promise<Order> {
  const order = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
  await payByPaybill(w.deps, order);
  const assigned = value(await assignRider(w.deps, { orderId: order.id, actor: seller, rider: { riderId: 'rider-1' } }));
  value(await acceptJob(w.deps, { orderId: order.id, actor: riderOf(assigned) }));
  value(await confirmPickup(w.deps, { orderId: order.id, actor: riderOf(assigned), pickupPhotoUrl: '/p.jpg' }));
  return value(await completeDelivery(w.deps, { orderId: order.id, actor: riderOf(assigned), code: order.deliveryCode }));
}

const refund = (w: World, request: RefundRequest, mpesaReference: string) => resolveRefund(w.deps, { refundId: request.id, actor: admin, resolution: { decision: 'refund', mpesaReference } });

/** Everything a refusal must leave as it was. */
const snapshot = (w: World) => {
  const s = w.store.state;
  return { orders: [...s.orders.values()], refunds: [...s.refunds.values()], postings: s.postings.length, events: s.events.length, outbox: s.outbox.size, references: [...s.moneyOutReferences.values()], c2b: [...s.c2bPayments.values()] };
};

const ledgerAgrees = (w: World) => [...w.store.state.orders.values()].flatMap((o) => checkOrderAgainstLedger(o, w.store.state.postings.filter((p) => p.orderId === o.id)));

describe('references of money going out are recorded once (decision 0050)', () => {
  it('a second refund with the same M-Pesa reference is refused, in any case, and nothing changes', async () => {
    const w = memoryWorld();
    const first = await refundRequested(w);
    const second = await refundRequested(w);
    value(await refund(w, first.request, 'RFD1234567'));
    expect(w.store.state.moneyOutReferences.get('RFD1234567')).toMatchObject({ kind: 'refund', orderId: first.order.id, ownerId: first.request.id });

    const before = snapshot(w);
    for (const typed of ['RFD1234567', 'rfd1234567', ' Rfd1234567 ']) {
      const refused = await refund(w, second.request, typed);
      expect(refused).toMatchObject({ ok: false, error: { code: 'REFERENCE_ALREADY_USED' } });
      expect(snapshot(w)).toStrictEqual(before);
    }
    expect(w.store.state.refunds.get(second.request.id)?.status).toBe('open');
    expect(w.store.state.orders.get(second.order.id)?.status).toBe('paid');

    // The right reference then goes through.
    expect(value(await refund(w, second.request, 'RFD7654321')).status).toBe('cancelled');
    expect(ledgerAgrees(w)).toEqual([]);
  });

  it('a refund may not reuse a Mark Paid reference, nor Mark Paid a refund reference', async () => {
    const w = memoryWorld();
    const settledOrder = await delivered(w);
    value(await confirmSettlement(w.deps, { orderId: settledOrder.id, actor: admin, reference: 'qkd1234567' }));
    expect(w.store.state.moneyOutReferences.get('QKD1234567')).toMatchObject({ kind: 'settlement', orderId: settledOrder.id, ownerId: settledOrder.id });

    const { request, order } = await refundRequested(w);
    let before = snapshot(w);
    expect(await refund(w, request, 'QKD1234567')).toMatchObject({ ok: false, error: { code: 'REFERENCE_ALREADY_USED' } });
    expect(snapshot(w)).toStrictEqual(before);
    value(await refund(w, request, 'RFD2345678'));
    expect(w.store.state.orders.get(order.id)?.status).toBe('cancelled');

    const another = await delivered(w);
    before = snapshot(w);
    expect(await confirmSettlement(w.deps, { orderId: another.id, actor: admin, reference: 'rfd2345678' })).toMatchObject({ ok: false, error: { code: 'REFERENCE_ALREADY_USED' } });
    expect(await confirmSettlement(w.deps, { orderId: another.id, actor: admin, reference: ' QKD1234567' })).toMatchObject({ ok: false, error: { code: 'REFERENCE_ALREADY_USED' } });
    expect(snapshot(w)).toStrictEqual(before);
    expect(w.store.state.orders.get(another.id)).toMatchObject({ status: 'awaiting_settlement', settlementPaid: false, settlementReference: null });
    // Mark Paid without a reference records none, however many orders.
    value(await confirmSettlement(w.deps, { orderId: another.id, actor: admin }));
    value(await confirmSettlement(w.deps, { orderId: (await delivered(w)).id, actor: admin, reference: '  ' }));
    expect(w.store.state.moneyOutReferences.size).toBe(2);
    expect(ledgerAgrees(w)).toEqual([]);
  });

  it("a reference that is a buyer's payment receipt (this order's, another's, an unmatched Paybill payment's) is refused", async () => {
    const w = memoryWorld();
    const { request, receipt } = await refundRequested(w);
    const other = await refundRequested(w);
    const unmatched = testReceipt();
    value(await recordC2bPayment(w.deps, { transId: unmatched, billRefNumber: 'NOSUCHORDER', amount: 100_00 as Cents, msisdn: 'x', payerName: 'P', businessShortCode: '174379', transTime: '20261125120000' }));
    const before = snapshot(w);
    for (const typed of [receipt, receipt.toLowerCase(), other.receipt, unmatched]) {
      expect(await refund(w, request, typed), typed).toMatchObject({ ok: false, error: { code: 'REFERENCE_IS_A_PAYMENT' } });
    }
    const settling = await delivered(w);
    const afterDelivery = snapshot(w);
    expect(await confirmSettlement(w.deps, { orderId: settling.id, actor: admin, reference: receipt })).toMatchObject({ ok: false, error: { code: 'REFERENCE_IS_A_PAYMENT' } });
    expect(snapshot(w)).toStrictEqual(afterDelivery);
    expect(before.refunds).toStrictEqual(afterDelivery.refunds);
    expect(messageFor({ code: 'REFERENCE_IS_A_PAYMENT' })).toBe("This M-Pesa reference is a buyer's payment into an order, not a payout or refund. Enter the reference of the money you sent.");
    expect(messageFor({ code: 'REFERENCE_ALREADY_USED' })).toBe('This M-Pesa reference is already recorded for another payout or refund. Check the reference in the M-Pesa message and enter it again.');
  });

  it('an unmatched Paybill payment sent back by hand takes its reference from the same pool', async () => {
    const w = memoryWorld();
    const { request } = await refundRequested(w);
    value(await refund(w, request, 'RFD3456789'));
    const unmatched = testReceipt();
    value(await recordC2bPayment(w.deps, { transId: unmatched, billRefNumber: 'NOSUCHORDER', amount: 100_00 as Cents, msisdn: 'x', payerName: 'P', businessShortCode: '174379', transTime: '20261125120000' }));
    const before = snapshot(w);
    expect(await markUnmatchedPaymentRefunded(w.deps, { actor: admin, transId: unmatched, reference: 'rfd3456789' })).toMatchObject({ ok: false, error: { code: 'REFERENCE_ALREADY_USED' } });
    expect(await markUnmatchedPaymentRefunded(w.deps, { actor: admin, transId: unmatched, reference: unmatched })).toMatchObject({ ok: false, error: { code: 'REFERENCE_IS_A_PAYMENT' } });
    expect(snapshot(w)).toStrictEqual(before);
    expect(value(await markUnmatchedPaymentRefunded(w.deps, { actor: admin, transId: unmatched, reference: 'RFD4567890' }))).toMatchObject({ status: 'refunded' });
    expect(w.store.state.moneyOutReferences.get('RFD4567890')).toMatchObject({ kind: 'unmatched_refund', orderId: null, ownerId: unmatched });
  });

  it('property: any case and spacing of a recorded reference is the same reference', async () => {
    const reference = fc.stringMatching(/^[A-Z0-9]{10}$/);
    const variant = fc.tuple(fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), fc.constantFrom('', ' ', '  '), fc.constantFrom('', ' ', '\t'));
    await fc.assert(
      fc.asyncProperty(reference, variant, async (ref, [lower, lead, trail]) => {
        const w = memoryWorld();
        const settledOrder = await delivered(w);
        value(await confirmSettlement(w.deps, { orderId: settledOrder.id, actor: admin, reference: ref }));
        const { request } = await refundRequested(w);
        const typed = `${lead}${[...ref].map((ch, i) => (lower[i] ? ch.toLowerCase() : ch)).join('')}${trail}`;
        const result = await refund(w, request, typed);
        expect(result).toMatchObject({ ok: false, error: { code: 'REFERENCE_ALREADY_USED' } });
      }),
      { numRuns: 40 },
    );
  });
});
