import { assignRider, balances, catalogue, checkOrderAgainstLedger, PAYMENT_DETAILS_NOT_CONFIGURED } from '@escrow/core';
import { payByPaybill } from '@escrow/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buyerHeaders, client, DIALECTS, must, openWorld, PAYBILL, receipt, type World } from '../escrow-support/world.js';

describe.each(DIALECTS)('buyer API on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('shows the buyer view with Paybill instructions (account = tracking number), and never the code, key or payouts', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller('Amani Phones');
    const order = await world.order(sellerId);
    const api = client(world.app);
    const response = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const view = response.json.data!;
    expect(view).toMatchObject({
      id: order.id,
      itemName: 'iPhone 13',
      price: 65_000_00,
      serviceFee: 1_625_00,
      deliveryCost: 300_00,
      status: 'awaiting_payment',
      statusLabel: 'Waiting for Payment',
      progressPercent: 0,
      sellerBusinessName: 'Amani Phones',
      payment: { configured: true, businessNumber: PAYBILL.businessNumber, accountName: PAYBILL.accountName, accountNumber: order.trackingNumber, amount: 65_000_00 },
      rider: null,
      feedback: null,
      refundRequested: false,
    });
    expect(response.text).not.toMatch(/riderKey|sellerPayout/);
    // With the code, the buyer holds it; with the shared link's view key, the code is not there.
    expect(view).toMatchObject({ holdsCode: true, deliveryCode: order.deliveryCode, codeSentTo: null, actions: ['confirm_payment', 'claim_payment'] });
    const shared = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.buyerViewKey) });
    expect(shared.status).toBe(200);
    expect(shared.json.data).toMatchObject({ id: order.id, holdsCode: false, deliveryCode: null, actions: ['confirm_payment', 'claim_payment'] });
    expect(shared.text).not.toContain(order.deliveryCode);
  });

  it('says payment details are not configured instead of inventing a Paybill number', async () => {
    world = await openWorld(dialect, { paybill: {} });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const response = await client(world.app).get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) });
    expect(response.json.data?.['payment']).toEqual({ configured: false, message: PAYMENT_DETAILS_NOT_CONFIGURED });
    expect(response.text).not.toMatch(/businessNumber/);
  });

  it('answers a wrong code exactly like a missing order, and a missing code with the spec message', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const wrong = order.deliveryCode === '123456' ? '654321' : '123456';
    const api = client(world.app);
    const answers = await Promise.all([
      api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(wrong) }),
      api.get(`/api/buyer/orders/00000000-0000-4000-8000-000000000000`, { headers: buyerHeaders(order.deliveryCode) }),
      api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders('not-a-code') }),
      api.get(`/api/buyer/orders/..%2F..%2Fetc%2Fpasswd`, { headers: buyerHeaders(order.deliveryCode) }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: { code: 'BUYER_ORDER_NOT_FOUND', message: catalogue.buyer.orderNotFoundOrInvalidCode } });
    }
    const missing = await api.get(`/api/buyer/orders/${order.id}`);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toEqual({ code: 'DELIVERY_CODE_REQUIRED', message: 'Delivery code required to view order' });
  });

  it('confirms payment once: terms required, M-Pesa code checked, a receipt M-Pesa paid answers paid, one used on another order refused', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const [first, second] = [await world.order(sellerId), await world.order(sellerId)];
    const api = client(world.app);
    const pay = (o: typeof first, json: unknown) => api.post(`/api/buyer/orders/${o.id}/payment`, { headers: buyerHeaders(o.deliveryCode), json });

    const noTerms = await pay(first, { termsAccepted: false, mpesaReceipt: 'NLJ7RT61SV' });
    expect(noTerms.status).toBe(400);
    expect(noTerms.json.error?.message).toBe('Please accept the terms and conditions to proceed');
    const badReceipt = await pay(first, { termsAccepted: true, mpesaReceipt: 'short' });
    expect(badReceipt.status).toBe(400);
    expect(badReceipt.json.error?.message).toBe('Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV');
    expect(await world.reload(first.id)).toMatchObject({ status: 'awaiting_payment', paymentClaimedAt: null });

    // M-Pesa's C2B confirmation pays the order; the receipt the buyer then types (any case, spaces) finds it.
    await payByPaybill(world.deps, first, 'NLJ7RT61SV');
    const ok = await pay(first, { termsAccepted: true, mpesaReceipt: ' nlj7rt61sv ' });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ order: { status: 'paid', paymentConfirmed: true, progressPercent: 25 }, message: catalogue.buyer.paymentConfirmed });
    expect(await world.reload(first.id)).toMatchObject({ mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: 'c2b_confirmation', paymentClaimedAt: null });
    const postings = await world.deps.store.read((tx) => tx.ledger.listByOrder(first.id));
    expect(postings.map((p) => p.kind)).toEqual(['payment_in']);

    const reused = await pay(second, { termsAccepted: true, mpesaReceipt: 'NLJ7RT61SV' });
    expect(reused.status).toBe(409);
    expect(reused.json.error).toEqual({ code: 'MPESA_RECEIPT_ALREADY_USED', message: catalogue.errors.mpesaReceiptAlreadyUsed });
    expect(await world.reload(second.id)).toMatchObject({ status: 'awaiting_payment', paymentClaimedAt: null, paymentClaimReceipt: null });
    const again = await pay(first, { termsAccepted: true, mpesaReceipt: receipt() });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('PAYMENT_ALREADY_CONFIRMED');
    const wrongCode = await api.post(`/api/buyer/orders/${second.id}/payment`, { headers: buyerHeaders(first.deliveryCode), json: { termsAccepted: true, mpesaReceipt: receipt() } });
    expect(wrongCode.status).toBe(404);
    expect(await world.reload(second.id)).toMatchObject({ status: 'awaiting_payment', paymentClaimedAt: null });
    expect(await world.deps.store.read((tx) => tx.ledger.listByOrder(second.id))).toEqual([]);
  });

  it('takes a receipt M-Pesa never confirmed as a claim: awaiting payment, being verified, never escrow, until the confirmation pays it', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const typed = receipt();
    const claim = await api.post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode), json: { termsAccepted: true, mpesaReceipt: typed } });
    expect(claim.status, claim.text).toBe(200);
    expect(claim.json.data).toMatchObject({ order: { status: 'awaiting_payment', paymentConfirmed: false }, message: catalogue.buyer.paymentBeingVerified });
    const claimed = await world.reload(order.id);
    expect(claimed).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, paymentClaimReceipt: typed, mpesaReceipt: null, paymentVerifiedBy: null });
    expect(claimed.paymentClaimedAt).not.toBeNull();
    const held = async () => balances(await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id)));
    expect(Object.fromEntries(await held())).toEqual({ mpesa_clearing: -order.price, mpesa_unverified: order.price });

    // The C2B confirmation of that receipt pays the order and releases the claim in the same commit.
    await payByPaybill(world.deps, order, typed);
    const paid = await world.reload(order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: typed, paymentVerifiedBy: 'c2b_confirmation' });
    expect(Object.fromEntries(await held())).toEqual({ mpesa_clearing: -order.price, mpesa_unverified: 0, escrow: order.price });
    expect(checkOrderAgainstLedger(paid, await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id)))).toEqual([]);
    const typedAgain = await api.post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode), json: { termsAccepted: true, mpesaReceipt: typed } });
    expect(typedAgain.json.data).toMatchObject({ order: { status: 'paid', paymentConfirmed: true }, message: catalogue.buyer.paymentConfirmed });
  });

  it('never takes a status, amount, fee or payout from the client', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const forged = { status: 'settlement_completed', paymentConfirmed: true, price: 1, amount: 1, serviceFee: 0, sellerPayout: 1, riderPayout: 999 };
    const typed = receipt();
    const response = await client(world.app).post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode), json: { termsAccepted: true, mpesaReceipt: typed, ...forged } });
    expect(response.status, response.text).toBe(200);
    expect(response.json.data).toMatchObject({ order: { status: 'awaiting_payment', paymentConfirmed: false } });
    const after = await world.reload(order.id);
    // The claim was taken (its receipt stored) and nothing else the client sent.
    expect(after).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, paymentClaimReceipt: typed, price: order.price, serviceFee: order.serviceFee, sellerPayout: order.sellerPayout, riderPayout: order.riderPayout });
    const [claimPosting] = await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id));
    expect(claimPosting?.entries.map((e) => [e.account, e.amount])).toEqual([
      ['mpesa_clearing', -order.price],
      ['mpesa_unverified', order.price],
    ]);
  });

  it('shows the rider once assigned, takes a refund request with a reason once, and never after delivery', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const { order, phone } = await world.assigned(sellerId);
    const api = client(world.app);
    const view = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) });
    expect(view.json.data).toMatchObject({ status: 'rider_assigned', statusLabel: 'Rider is Preparing to Pick Up', progressPercent: 50, rider: { name: 'Otieno', phone }, payment: null });
    // The refund request is the code holder's (decision 0047); the page shows it from `actions` (decision 0062).
    expect(view.json.data?.['actions']).toEqual(['claim_payment', 'request_refund', 'resend_code']);
    expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.buyerViewKey) })).json.data?.['actions']).toEqual(['claim_payment', 'resend_code']);

    const refund = (json: unknown) => api.post(`/api/buyer/orders/${order.id}/refund-request`, { headers: buyerHeaders(order.deliveryCode), json });
    expect((await refund({ reason: '' })).json.error?.message).toBe('Please tell us why you want a refund');
    expect((await refund({})).status).toBe(400);
    const made = await refund({ reason: 'The seller sent the wrong colour' });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({ refundRequest: { status: 'open', reason: 'The seller sent the wrong colour' } });
    expect((await refund({ reason: 'Asking a second time' })).json.error?.code).toBe('REFUND_ALREADY_REQUESTED');
    expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) })).json.data?.['refundRequested']).toBe(true);

    const done = await world.delivered(sellerId);
    const late = await api.post(`/api/buyer/orders/${done.order.id}/refund-request`, { headers: buyerHeaders(done.order.deliveryCode), json: { reason: 'Changed my mind' } });
    expect(late.status).toBe(409);
    expect(late.json.error?.code).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('takes feedback once, after delivery only, with both ratings required', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const early = await world.paid(sellerId);
    const api = client(world.app);
    const feedback = (o: { id: string; deliveryCode: string }, json: unknown) => api.post(`/api/buyer/orders/${o.id}/feedback`, { headers: buyerHeaders(o.deliveryCode), json });
    expect((await feedback(early, { riderRating: 5, sellerRating: 5 })).status).toBe(409);

    const { order } = await world.delivered(sellerId);
    const missing = await feedback(order, { riderRating: 5 });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.message).toBe('Please rate both the rider and seller');
    expect((await feedback(order, { riderRating: 6, sellerRating: 5 })).status).toBe(400);
    const stored = '<img src=x onerror=alert(1)> \'; drop table orders; --';
    const ok = await feedback(order, { riderRating: 4, sellerRating: 5, comment: stored });
    expect(ok.status).toBe(201);
    expect(ok.json.data).toMatchObject({ feedback: { riderRating: 4, sellerRating: 5, comment: stored }, message: 'Thank you for your feedback!' });
    const twice = await feedback(order, { riderRating: 1, sellerRating: 1 });
    expect(twice.status).toBe(409);
    expect(twice.json.error?.code).toBe('FEEDBACK_ALREADY_SUBMITTED');
    const view = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) });
    expect(view.json.data).toMatchObject({ statusLabel: 'Delivered Successfully! Please Rate Your Experience', progressPercent: 100, feedback: { riderRating: 4, sellerRating: 5, comment: stored }, actions: ['claim_payment', 'submit_feedback'] });
  });

  it('answers malformed requests with 400, never 500', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const path = `/api/buyer/orders/${order.id}/payment`;
    const headers = buyerHeaders(order.deliveryCode);
    const answers = await Promise.all([
      api.post(path, { headers: { ...headers, 'content-type': 'application/json' }, body: '{not json' }),
      api.post(path, { headers: { ...headers, 'content-type': 'text/plain' }, body: 'hello' }),
      api.post(path, { headers, json: [] }),
      api.post(path, { headers, json: null }),
      api.post(path, { headers, json: { termsAccepted: 'yes', mpesaReceipt: 5 } }),
      api.post(path, { headers, json: { termsAccepted: true, mpesaReceipt: 'x'.repeat(10_000) } }),
      api.post(`/api/buyer/orders/${order.id}/feedback`, { headers, json: { riderRating: '5', sellerRating: {} } }),
      api.post(`/api/buyer/orders/${order.id}/refund-request`, { headers, json: { reason: 'r'.repeat(5_000) } }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(typeof answer.json.error?.message).toBe('string');
    }
    expect(world.logs.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});

describe.each(DIALECTS)('public tracking on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('shows item, status and progress only: no personal data, no money, no code', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const { order } = await world.assigned(sellerId);
    const response = await client(world.app).get(`/api/public/orders/${order.id}`);
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      id: order.id,
      itemName: 'iPhone 13',
      status: 'rider_assigned',
      statusLabel: 'Rider is Preparing to Pick Up',
      progressPercent: 50,
      steps: [
        { label: 'Payment', done: true },
        { label: 'Rider Assigned', done: true },
        { label: 'On Route', done: false },
        { label: 'Delivered', done: false },
      ],
      paymentConfirmed: true,
    });
    for (const secret of [order.deliveryCode, order.buyerName, order.buyerPhone, order.riderPhone ?? '-', order.riderKey ?? '-', order.trackingNumber, 'Kileleshwa']) {
      expect(response.text).not.toContain(secret);
    }
    const missing = await client(world.app).get('/api/public/orders/nope');
    expect(missing.status).toBe(404);
    expect(missing.json.error?.code).toBe('ORDER_NOT_FOUND');
  });

  it('says whether payment is confirmed, which the status cannot tell for a pay-on-delivery order on its way', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId, { paymentMethod: 'mpesa_pod' });
    must(await assignRider(world.deps, { orderId: order.id, actor: { kind: 'seller', sellerId }, rider: { name: 'Otieno', phone: '0712000999' } }));
    const before = await client(world.app).get(`/api/public/orders/${order.id}`);
    expect(before.json.data).toMatchObject({ status: 'rider_assigned', paymentConfirmed: false });
    // The buyer's typed receipt alone is a claim: the public page still says not paid.
    const typed = receipt();
    const claim = await client(world.app).post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode), json: { termsAccepted: true, mpesaReceipt: typed } });
    expect(claim.status, claim.text).toBe(200);
    expect(claim.json.data).toMatchObject({ order: { paymentConfirmed: false } });
    expect((await client(world.app).get(`/api/public/orders/${order.id}`)).json.data).toMatchObject({ status: 'rider_assigned', paymentConfirmed: false });
    // M-Pesa's confirmation of that receipt pays it, the rider still on the way.
    await payByPaybill(world.deps, order, typed);
    const after = await client(world.app).get(`/api/public/orders/${order.id}`);
    expect(after.json.data).toMatchObject({ status: 'rider_assigned', paymentConfirmed: true });
  });
});
