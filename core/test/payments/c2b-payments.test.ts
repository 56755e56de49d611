import { describe, expect, it } from 'vitest';
import { account, balances, createOrder, recordC2bPayment, validateC2bPayment, type Cents, type C2bConfirmation } from '../../src/index.js';
import { memoryWorld, orderInput, seller, value } from '../support/world.js';

async function world() {
  const ctx = memoryWorld();
  const order = value(await createOrder(ctx.deps, { actor: seller, input: orderInput }));
  const pay = (extra: Partial<C2bConfirmation> = {}): C2bConfirmation => ({
    transId: 'NLJ7RT61SV',
    billRefNumber: order.trackingNumber,
    amount: 40_000_00 as Cents,
    msisdn: 'a5f2c6b0e5d1f7c4b1a1c3d2e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d',
    payerName: 'NJERI',
    businessShortCode: '174379',
    transTime: '20261125170000',
    ...extra,
  });
  return { ...ctx, order, pay };
}

describe('Paybill (C2B) confirmations: stored once, paying the order they name', () => {
  it('pays the order its account number names, however the payer typed it, once for repeated confirmations', async () => {
    const w = await world();
    const typed = `  ${w.order.trackingNumber.toLowerCase().slice(0, 4)} ${w.order.trackingNumber.toLowerCase().slice(4)}`;
    expect(value(await recordC2bPayment(w.deps, w.pay({ billRefNumber: typed })))).toEqual({ outcome: 'paid_order', orderId: w.order.id });
    expect(value(await recordC2bPayment(w.deps, w.pay()))).toEqual({ outcome: 'duplicate' });
    const again = await Promise.all(Array.from({ length: 20 }, () => recordC2bPayment(w.deps, w.pay())));
    expect(again.every((r) => r.ok && r.value.outcome === 'duplicate')).toBe(true);
    expect(w.store.state.orders.get(w.order.id)).toMatchObject({ status: 'paid', mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: 'c2b_confirmation', paymentReceived: 40_000_00 });
    expect(w.store.state.postings.map((p) => p.kind)).toEqual(['payment_in']);
    expect(w.store.state.c2bPayments.get('NLJ7RT61SV')).toMatchObject({ status: 'matched', orderId: w.order.id });
  });

  it('an overpayment pays the order and keeps the rest in suspense', async () => {
    const w = await world();
    value(await recordC2bPayment(w.deps, w.pay({ amount: 40_100_00 as Cents })));
    const b = balances(w.store.state.postings);
    expect([b.get(account.mpesaClearing), b.get(account.escrow), b.get(account.mpesaSuspense)]).toEqual([-40_100_00, 40_000_00, 100_00]);
  });

  it.each([
    ['an unknown account number', { billRefNumber: 'NOSUCHORDER' }, 'no order has this account number'],
    ['a short payment', { amount: 39_999_99 as Cents }, 'short payment: 3999999 cents of 4000000'],
  ])('%s waits in the unmatched list and moves no order', async (_name, extra, note) => {
    const w = await world();
    expect(value(await recordC2bPayment(w.deps, w.pay(extra)))).toEqual({ outcome: 'unmatched', note });
    expect(w.store.state.orders.get(w.order.id)?.status).toBe('awaiting_payment');
    expect(w.store.state.postings).toEqual([]);
    expect(w.store.state.c2bPayments.get('NLJ7RT61SV')).toMatchObject({ status: 'unmatched', orderId: null, note });
  });

  it('a second payment for an order already paid is kept unmatched for a refund', async () => {
    const w = await world();
    value(await recordC2bPayment(w.deps, w.pay()));
    expect(value(await recordC2bPayment(w.deps, w.pay({ transId: 'NLJ7RT61SW' })))).toEqual({ outcome: 'unmatched', note: 'the order is already paid' });
    expect(w.store.state.postings).toHaveLength(1);
  });

  it('validation refuses unknown account numbers and short amounts before the money moves', async () => {
    const w = await world();
    expect(await validateC2bPayment(w.deps, { billRefNumber: w.order.trackingNumber, amount: 40_000_00 as Cents })).toEqual({ accept: true });
    expect(await validateC2bPayment(w.deps, { billRefNumber: 'NOPE', amount: 40_000_00 as Cents })).toMatchObject({ accept: false, code: 'C2B00012' });
    expect(await validateC2bPayment(w.deps, { billRefNumber: w.order.trackingNumber, amount: 100_00 as Cents })).toMatchObject({ accept: false, code: 'C2B00013' });
  });
});
