import { account, balances, stkResultMessages, type Order } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type SellerSession } from '../escrow-seller/seller-world.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

/**
 * The buyer pays by M-Pesa prompt, end to end over real HTTP: our API -> the Daraja client ->
 * the simulator -> the phone (the simulator's controls) -> the callback to our API -> STK Query
 * -> the ledger. What the buyer reads, the order's state and the ledger are checked each time.
 */
describe.each(DIALECTS)('M-Pesa prompt (STK Push) against the Daraja simulator (%s)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let phoneCounter = 0;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect);
    seller = await w.seller();
  }, 60_000);
  afterAll(async () => w?.dispose());

  // Each test its own phone: the simulator refuses a second prompt to a phone with one pending.
  const nextPhone = () => `0722${String(100_000 + (phoneCounter += 1)).padStart(6, '0')}`;
  const msisdnOf = (phone: string) => `254${phone.slice(1)}`;
  const prompt = (order: Order, phone: string) => w.call('POST', `/api/buyer/orders/${order.id}/mpesa-prompt`, { json: { phone }, headers: { 'x-delivery-code': order.deliveryCode } });
  const status = async (order: Order) => (await w.call('GET', `/api/buyer/orders/${order.id}/mpesa-prompt`, { headers: { 'x-delivery-code': order.deliveryCode } })).body.data;
  const postings = async (order: Order) => w.composed.deps.store.read((tx) => tx.ledger.listByOrder(order.id));
  const promptFor = (msisdn: string) => w.eventually(async () => w.sim.prompts().find((p) => p.msisdn === msisdn && p.status === 'pending'));
  // Generous: an expiry (1019) is the simulator's prompt timing out, slower on a loaded machine.
  const settled = (order: Order, state: string) => w.eventually(async () => ((await status(order))?.state === state ? await status(order) : undefined), 20_000);

  it('the buyer approves with the right PIN: the order is paid once, verified by the STK Query, the ledger holds the price in escrow', async () => {
    const order = await w.order(seller);
    const phone = nextPhone();
    const sent = await prompt(order, phone);
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ state: 'waiting', message: stkResultMessages.checkYourPhone, amount: order.price });
    const onPhone = await promptFor(msisdnOf(phone));
    expect(onPhone).toMatchObject({ amount: order.price / 100, accountReference: order.trackingNumber });
    await w.sim.approve(onPhone.checkoutRequestId, '1234');
    const view = await settled(order, 'paid');
    expect(view.message).toBe(stkResultMessages.paid);
    const paid = await w.reload(order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, paymentVerifiedBy: 'stk_query', paymentReceived: order.price });
    expect(paid.mpesaReceipt).toMatch(/^[A-Z0-9]{10}$/);
    const mine = await postings(order);
    expect(mine.map((p) => p.kind)).toEqual(['payment_in']);
    expect(balances(mine).get(account.escrow)).toBe(order.price);
    // The seller sees it paid.
    const sellerView = await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie });
    expect(sellerView.body.data.order?.status ?? sellerView.body.data.status).toBe('paid');
  });

  it.each([
    ['cancel', 1032, stkResultMessages.cancelled],
    ['insufficient_funds', 1, stkResultMessages.insufficientFunds],
    ['wrong_pin', 2001, stkResultMessages.wrongPin],
    ['expire', 1019, stkResultMessages.expired],
  ] as const)('%s (result %i): nothing moves, the buyer reads what happened and can try again', async (outcome, code, message) => {
    const order = await w.order(seller);
    const phone = nextPhone();
    w.sim.setStkBehaviour(msisdnOf(phone), { outcome });
    expect((await prompt(order, phone)).status).toBe(202);
    const view = await settled(order, 'failed');
    expect(view).toMatchObject({ message, canRetry: true, resultCode: code });
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false });
    expect(await postings(order)).toEqual([]);
    // Try again: a new prompt, paid this time.
    w.sim.setStkBehaviour(msisdnOf(phone), { outcome: 'approve' });
    expect((await prompt(order, phone)).body.data.state).toBe('waiting');
    await settled(order, 'paid');
    expect((await postings(order)).map((p) => p.kind)).toEqual(['payment_in']);
  }, 60_000);

  /** Moves the order's open prompt's next query to now (the reconciler's first is 60 s after the push). */
  const queryNow = async (order: Order) => {
    const [request] = await w.composed.deps.store.read((tx) => tx.mpesa.listStkRequestsForOrder(order.id));
    await w.composed.deps.store.transaction((tx) => tx.mpesa.updateStkRequest(request!.id, ['pending'], { nextQueryAt: new Date(Date.now() - 1) }));
    return request!;
  };

  it('duplicate and late callbacks: exactly one posting', async () => {
    for (const callback of ['twice', 'late'] as const) {
      const order = await w.order(seller);
      const phone = nextPhone();
      w.sim.setStkBehaviour(msisdnOf(phone), { outcome: 'approve', callback });
      await prompt(order, phone);
      // 'late': the callback comes only after a query has answered, so the reconciler asks first.
      if (callback === 'late') {
        await w.eventually(async () => w.sim.prompts().find((p) => p.msisdn === msisdnOf(phone) && p.status === 'succeeded'));
        await queryNow(order);
      }
      await settled(order, 'paid');
      if (callback === 'late') await w.eventually(async () => w.sim.callbacks().find((c) => c.kind === 'stk' && JSON.stringify(c.body).includes(msisdnOf(phone))));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await postings(order)).map((p) => p.kind)).toEqual(['payment_in']);
    }
  });

  it('a lost callback: the reconciler queries and settles it', async () => {
    const order = await w.order(seller);
    const phone = nextPhone();
    w.sim.setStkBehaviour(msisdnOf(phone), { outcome: 'approve', callback: 'lost', processingQueries: 2 });
    await prompt(order, phone);
    // The first query is due 60 s after the push; the test moves that forward instead of waiting.
    let request = await queryNow(order);
    for (let i = 0; i < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      request = await queryNow(order);
    }
    await settled(order, 'paid');
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'stk_query', mpesaReceipt: null });
    expect(w.sim.callbacks().filter((c) => c.kind === 'stk' && (c.body as { Body?: { stkCallback?: { CheckoutRequestID?: string } } }).Body?.stkCallback?.CheckoutRequestID === request!.checkoutRequestId)).toEqual([]);
  });

  it('50 simultaneous copies of the success callback: one posting', async () => {
    const order = await w.order(seller);
    const phone = nextPhone();
    w.sim.setStkBehaviour(msisdnOf(phone), { outcome: 'approve' });
    await prompt(order, phone);
    const first = await w.eventually(async () => w.sim.callbacks().find((c) => c.kind === 'stk' && JSON.stringify(c.body).includes('"ResultCode":0') && JSON.stringify(c.body).includes(msisdnOf(phone))));
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => fetch(first.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(first.body) }).then((r) => r.status)),
    );
    expect(new Set(replies)).toEqual(new Set([200]));
    await settled(order, 'paid');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await postings(order)).map((p) => p.kind)).toEqual(['payment_in']);
  });

  it('callbacks on any other path are 404 and change nothing; a malformed one is refused', async () => {
    const order = await w.order(seller);
    const forged = { Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: 'ws_CO_forged', ResultCode: 0, ResultDesc: 'ok' } } };
    expect((await fetch(`${w.apiUrl}/api/payments/callbacks/not-the-secret/stk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) })).status).toBe(404);
    const realUrl = w.sim.callbacks().find((c) => c.kind === 'stk')!.url;
    expect((await fetch(realUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Body":{}}' })).status).toBe(400);
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment' });
  });

  it('Paybill: a C2B payment to the tracking number pays the order; the wrong account lands unmatched', async () => {
    const order = await w.order(seller);
    const paid = await w.sim.payBill({ msisdn: '254722999111', account: order.trackingNumber.toLowerCase(), amount: order.price / 100 });
    const reloaded = await w.eventually(async () => {
      const o = await w.reload(order.id);
      return o.status === 'paid' ? o : undefined;
    });
    expect(reloaded).toMatchObject({ paymentVerifiedBy: 'c2b_confirmation', mpesaReceipt: paid.transId });
    const stray = await w.sim.payBill({ msisdn: '254722999112', account: 'NOSUCHORDER', amount: 500 });
    const kept = await w.eventually(() => w.composed.deps.store.read((tx) => tx.mpesa.getC2bPayment(stray.transId)));
    expect(kept).toMatchObject({ status: 'unmatched', amount: 500_00, note: 'no order has this account number' });
  });

  it('prompts ring phones: at most 10 an hour to one phone, whatever the orders, then 429 with the wait', async () => {
    const phone = nextPhone();
    w.sim.setStkBehaviour(msisdnOf(phone), { outcome: 'cancel' });
    for (let i = 0; i < 10; i += 1) expect((await prompt(await w.order(seller), phone)).status).toBe(202);
    const refused = await prompt(await w.order(seller), phone);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(w.sim.prompts().filter((p) => p.msisdn === msisdnOf(phone)).length).toBeLessThanOrEqual(10);
  });

  it('a bad phone is refused with the form text; an already paid order is refused', async () => {
    const order = await w.order(seller);
    const bad = await prompt(order, '12345');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Enter a Kenyan phone number such as 0712345678');
    const paid = await w.paid(seller);
    expect((await prompt(paid, nextPhone())).status).toBe(409);
  });
});
