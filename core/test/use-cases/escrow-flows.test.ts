import { payByPaybill } from '../../src/testing/index.js';
import { describe, expect, it } from 'vitest';
import {
  acceptJob,
  account,
  assignRider,
  balances,
  cancelOrder,
  checkOrderAgainstLedger,
  completeDelivery,
  confirmPayment,
  confirmPickup,
  confirmSettlement,
  createOrder,
  getOrder,
  recordRiderPayment,
  removeRider,
  requestRefund,
  resolveRefund,
  submitFeedback,
  takeAvailableJob,
  unlockDeliveryCode,
  type Actor,
  type CreateOrderInput,
} from '../../src/index.js';
import { admin, buyerOf, memoryWorld, orderInput as input, riderOf, seller, value } from '../support/world.js';



async function toInTransit(ctx: ReturnType<typeof memoryWorld>, extra: Partial<CreateOrderInput> = {}) {
  const created = value(await createOrder(ctx.deps, { actor: seller, input: { ...input, ...extra } }));
  await payByPaybill(ctx.deps, created, 'NLJ7RT61SV');
  value(await confirmPayment(ctx.deps, { orderId: created.id, actor: buyerOf(created), mpesaReceipt: 'nlj7rt61sv', termsAccepted: true }));
  const assigned = value(await assignRider(ctx.deps, { orderId: created.id, actor: seller, rider: { riderId: 'rider-1' } }));
  value(await acceptJob(ctx.deps, { orderId: created.id, actor: riderOf(assigned) }));
  return value(await confirmPickup(ctx.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
}

describe('mpesa_prepay: the escrow flow', () => {
  it('runs awaiting_payment -> paid -> rider_assigned -> in_transit -> awaiting_settlement -> settlement_completed with balanced postings', async () => {
    const ctx = memoryWorld();
    const created = value(await createOrder(ctx.deps, { actor: seller, input: { ...input, deliveryPaidBy: 'seller' } }));
    expect(created).toMatchObject({ status: 'awaiting_payment', serviceFee: 1_000_00, sellerPayout: 38_600_00, riderPayout: 400_00, buyerPhone: '+254722000111', pickupLocation: 'Westlands' });
    expect(created.trackingNumber.length).toBeLessThanOrEqual(12);
    await payByPaybill(ctx.deps, created, 'NLJ7RT61SV');
    const paid = value(await confirmPayment(ctx.deps, { orderId: created.id, actor: buyerOf(created), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: 'NLJ7RT61SV' });
    const assigned = value(await assignRider(ctx.deps, { orderId: created.id, actor: seller, rider: { riderId: 'rider-1' } }));
    expect(assigned).toMatchObject({ status: 'rider_assigned', riderPhone: '+254733333333' });
    expect(assigned.riderKey?.length).toBeGreaterThanOrEqual(22);
    expect(await confirmPickup(ctx.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/p.jpg' })).toMatchObject({ ok: false, error: { code: 'RIDER_NOT_ACCEPTED' } });
    value(await acceptJob(ctx.deps, { orderId: created.id, actor: riderOf(assigned) }));
    expect(await confirmPickup(ctx.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: ' ' })).toMatchObject({ ok: false, error: { code: 'PICKUP_PHOTO_REQUIRED' } });
    const moving = value(await confirmPickup(ctx.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/p.jpg' }));
    expect(moving.status).toBe('in_transit');
    const delivered = value(await completeDelivery(ctx.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode }));
    expect(delivered.status).toBe('awaiting_settlement');
    const settled = value(await confirmSettlement(ctx.deps, { orderId: created.id, actor: admin }));
    expect(settled).toMatchObject({ status: 'settlement_completed', settlementPaid: true });
    expect(await confirmSettlement(ctx.deps, { orderId: created.id, actor: admin })).toMatchObject({ ok: false, error: { code: 'ALREADY_SETTLED' } });

    const postings = ctx.store.state.postings;
    expect(postings.map((p) => p.kind)).toEqual(['payment_in', 'delivery_release', 'settlement_out']);
    const b = balances(postings);
    expect(b.get(account.escrow)).toBe(0);
    expect(b.get(account.platformFees)).toBe(1_000_00);
    expect(b.get(account.sellerPayable('seller-a'))).toBe(0);
    expect(b.get(account.riderPayable('+254733333333'))).toBe(0);
    expect(b.get(account.payoutsSent)).toBe(39_000_00);
    expect(b.get(account.mpesaClearing)).toBe(-40_000_00);
    expect(checkOrderAgainstLedger(settled, postings)).toEqual([]);
    expect(ctx.store.state.events.map((e) => `${e.fromStatus ?? ''}>${e.toStatus}`)).toEqual([
      '>awaiting_payment', 'awaiting_payment>paid', 'paid>rider_assigned', 'rider_assigned>rider_assigned', 'rider_assigned>in_transit', 'in_transit>awaiting_settlement', 'awaiting_settlement>settlement_completed',
    ]);
    // Seller notifications (outbox, sent after commit), by email and SMS as seller-a chose (decision
    // 0048); the new order's receipt by email only: the seller has just made it on the screen. M-Pesa
    // named no payer's phone (payByPaybill), so the buyer's two texts without a secret (rider
    // assigned, on its way) go to the buyer's phone the seller typed, and no code SMS goes anywhere.
    const outbox = [...ctx.store.state.outbox.values()].map((m) => m.payload);
    expect(outbox.map((p) => `${String(p['channel'])}: ${String(p['subject'] ?? '')}`)).toEqual([
      'email: New order created', 'email: Payment confirmed', 'sms: Payment confirmed', 'sms: ', 'sms: ', 'email: Order delivered', 'sms: Order delivered', 'email: Payout sent', 'sms: Payout sent',
    ]);
    expect(String(outbox[1]?.['body'])).toContain('Assign a rider to proceed');
    expect(outbox.filter((p) => p['channel'] === 'sms').map((p) => p['to'])).toEqual(['+254711111111', '+254722000111', '+254722000111', '+254711111111', '+254711111111']);
    expect(outbox.filter((p) => p['to'] === '+254722000111').map((p) => String(p['body']))).toEqual([expect.stringContaining('will deliver your order'), expect.stringContaining('is on its way')]);
    // Paid out: the seller's payout, which is the price less the fee and the delivery the seller pays.
    expect(outbox.filter((p) => p['subject'] === 'Payout sent').map((p) => String(p['body']))).toEqual([expect.stringContaining('KSh 38,600.00'), expect.stringContaining('KSh 38,600.00')]);
  });

  it('refuses the code before in_transit and never settles before delivery', async () => {
    const ctx = memoryWorld();
    const created = value(await createOrder(ctx.deps, { actor: seller, input }));
    await payByPaybill(ctx.deps, created, 'NLJ7RT61SV');
    value(await confirmPayment(ctx.deps, { orderId: created.id, actor: buyerOf(created), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    const assigned = value(await assignRider(ctx.deps, { orderId: created.id, actor: seller, rider: { name: 'Otieno', phone: '0711 222 333' } }));
    expect(await completeDelivery(ctx.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    expect(await confirmSettlement(ctx.deps, { orderId: created.id, actor: admin })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    expect(ctx.store.state.codeAttempts).toHaveLength(0);
  });

  it('draws another tracking number when the one drawn is taken', async () => {
    const ctx = memoryWorld();
    // The first 10 draws of each order give '2222222222'; the second order must get another number.
    let zeros = 0;
    const random = { ...ctx.deps.random, int: (min: number, max: number) => (zeros-- > 0 ? min : ctx.deps.random.int(min, max)) };
    const deps = { ...ctx.deps, random };
    zeros = 10;
    const first = value(await createOrder(deps, { actor: seller, input }));
    zeros = 10;
    const second = value(await createOrder(deps, { actor: seller, input }));
    expect(first.trackingNumber).toBe('2222222222');
    expect(second.trackingNumber).not.toBe('2222222222');
    expect(ctx.store.state.orders.size).toBe(2);
  });

  it('one M-Pesa receipt cannot confirm two orders', async () => {
    const ctx = memoryWorld();
    const a = value(await createOrder(ctx.deps, { actor: seller, input }));
    const b = value(await createOrder(ctx.deps, { actor: seller, input }));
    await payByPaybill(ctx.deps, a, 'NLJ7RT61SV');
    value(await confirmPayment(ctx.deps, { orderId: a.id, actor: buyerOf(a), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    expect(await confirmPayment(ctx.deps, { orderId: b.id, actor: buyerOf(b), mpesaReceipt: ' nlj7rt61sv ', termsAccepted: true })).toMatchObject({ ok: false, error: { code: 'MPESA_RECEIPT_ALREADY_USED' } });
    expect(await confirmPayment(ctx.deps, { orderId: b.id, actor: buyerOf(b), mpesaReceipt: 'QWE1RT61SV', termsAccepted: false })).toMatchObject({ ok: false, error: { code: 'TERMS_NOT_ACCEPTED' } });
    expect(await confirmPayment(ctx.deps, { orderId: b.id, actor: buyerOf(b), mpesaReceipt: 'SHORT', termsAccepted: true })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(ctx.store.state.orders.get(b.id)?.status).toBe('awaiting_payment');
  });

  it('a new rider invalidates the old rider link at once; removing the rider goes back to paid', async () => {
    const ctx = memoryWorld();
    const moving = await toInTransit(ctx);
    const oldRider = riderOf(moving);
    const changed = value(await assignRider(ctx.deps, { orderId: moving.id, actor: seller, rider: { name: 'Wafula', phone: '0799 123 456' } }));
    expect(changed).toMatchObject({ status: 'rider_assigned', riderPhone: '+254799123456', pickupPhotoUrl: null });
    expect(await acceptJob(ctx.deps, { orderId: moving.id, actor: oldRider })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
    expect(await getOrder(ctx.deps, { orderId: moving.id, actor: oldRider })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
    expect(value(await removeRider(ctx.deps, { orderId: moving.id, actor: seller }))).toMatchObject({ status: 'paid', riderPhone: null, riderKey: null });
    expect(await acceptJob(ctx.deps, { orderId: moving.id, actor: riderOf(changed) })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
  });

  it('only a rider on the seller list may take an available job, and only a paid order without a rider', async () => {
    const ctx = memoryWorld();
    const created = value(await createOrder(ctx.deps, { actor: seller, input }));
    const listed: Actor = { kind: 'rider', phone: '+254733333333', phoneProven: true };
    expect(await takeAvailableJob(ctx.deps, { orderId: created.id, actor: listed })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    await payByPaybill(ctx.deps, created, 'NLJ7RT61SV');
    value(await confirmPayment(ctx.deps, { orderId: created.id, actor: buyerOf(created), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    expect(await takeAvailableJob(ctx.deps, { orderId: created.id, actor: { kind: 'rider', phone: '+254700000001', phoneProven: true } })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
    // The listed phone without proof (anyone may know the number): refused before the order is read.
    expect(await takeAvailableJob(ctx.deps, { orderId: created.id, actor: { kind: 'rider', phone: '+254733333333' } })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    expect(await takeAvailableJob(ctx.deps, { orderId: 'no-such-order', actor: { kind: 'rider', phone: '+254733333333' } })).toEqual({ ok: false, error: { code: 'RIDER_PHONE_NOT_VERIFIED' } });
    const taken = value(await takeAvailableJob(ctx.deps, { orderId: created.id, actor: listed }));
    expect(taken).toMatchObject({ status: 'rider_assigned', riderPhone: '+254733333333' });
    expect(taken.riderAcceptedAt).not.toBeNull();
    expect(await takeAvailableJob(ctx.deps, { orderId: created.id, actor: listed })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });

  it('feedback comes after delivery, needs both ratings, and is locked once sent', async () => {
    const ctx = memoryWorld();
    const moving = await toInTransit(ctx);
    expect(await submitFeedback(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), riderRating: 5, sellerRating: 5 })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    value(await completeDelivery(ctx.deps, { orderId: moving.id, actor: riderOf(moving), code: moving.deliveryCode }));
    expect(await submitFeedback(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), riderRating: 0, sellerRating: 5 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Please rate both the rider and seller' } });
    expect(value(await submitFeedback(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), riderRating: 4, sellerRating: 5, comment: '  Fast  ' }))).toMatchObject({ riderRating: 4, comment: 'Fast', buyerName: 'Njeri' });
    expect(await submitFeedback(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), riderRating: 1, sellerRating: 1 })).toMatchObject({ ok: false, error: { code: 'FEEDBACK_ALREADY_SUBMITTED' } });
    expect(await submitFeedback(ctx.deps, { orderId: moving.id, actor: { kind: 'buyer', deliveryCode: '000000' }, riderRating: 1, sellerRating: 1 })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
  });

  it('the rider records payment received or a non-blank issue', async () => {
    const ctx = memoryWorld();
    const moving = await toInTransit(ctx);
    expect(await recordRiderPayment(ctx.deps, { orderId: moving.id, actor: riderOf(moving), paymentReceived: false, paymentIssue: '   ' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(value(await recordRiderPayment(ctx.deps, { orderId: moving.id, actor: riderOf(moving), paymentReceived: false, paymentIssue: 'Paid 300 of 400' }))).toMatchObject({ paymentIssue: 'Paid 300 of 400' });
  });
});

describe('access', () => {
  it('answers "not found" to another seller, a wrong buyer code and a rider not on the order', async () => {
    const ctx = memoryWorld();
    const moving = await toInTransit(ctx);
    expect(await getOrder(ctx.deps, { orderId: moving.id, actor: { kind: 'seller', sellerId: 'seller-b' } })).toMatchObject({ ok: false, error: { code: 'ORDER_NOT_FOUND' } });
    expect(await getOrder(ctx.deps, { orderId: moving.id, actor: { kind: 'buyer', deliveryCode: '100000' } })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    expect(await getOrder(ctx.deps, { orderId: 'no-such-order', actor: { kind: 'buyer', deliveryCode: moving.deliveryCode } })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    expect(await getOrder(ctx.deps, { orderId: moving.id, actor: { kind: 'rider', phone: moving.riderPhone ?? '' } })).toMatchObject({ ok: false, error: { code: 'RIDER_ORDER_NOT_FOUND' } });
    expect(await completeDelivery(ctx.deps, { orderId: moving.id, actor: { kind: 'seller', sellerId: 'seller-a' }, code: moving.deliveryCode })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await completeDelivery(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), code: moving.deliveryCode })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    expect(await confirmSettlement(ctx.deps, { orderId: moving.id, actor: seller })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(ctx.store.state.orders.get(moving.id)?.status).toBe('in_transit');
  });
});

describe('mpesa_pod and cash', () => {
  it('mpesa_pod: rider assigned and pickup before payment, code refused until paid, then the escrow flow', async () => {
    const ctx = memoryWorld();
    const created = value(await createOrder(ctx.deps, { actor: seller, input: { ...input, paymentMethod: 'mpesa_pod' } }));
    const assigned = value(await assignRider(ctx.deps, { orderId: created.id, actor: seller, rider: { riderId: 'rider-1' } }));
    value(await acceptJob(ctx.deps, { orderId: created.id, actor: riderOf(assigned) }));
    value(await confirmPickup(ctx.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/p.jpg' }));
    expect(await completeDelivery(ctx.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode })).toMatchObject({ ok: false, error: { code: 'PAYMENT_NOT_CONFIRMED' } });
    expect(ctx.store.state.orders.get(created.id)?.codeAttempts).toBe(0);
    await payByPaybill(ctx.deps, created, 'NLJ7RT61SV');
    expect(value(await confirmPayment(ctx.deps, { orderId: created.id, actor: buyerOf(created), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }))).toMatchObject({ status: 'in_transit', paymentConfirmed: true });
    expect(value(await completeDelivery(ctx.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode })).status).toBe('awaiting_settlement');
  });

  it('cash: the code completes the order with no escrow; the fee is recorded as owed by the seller', async () => {
    const ctx = memoryWorld();
    const created = value(await createOrder(ctx.deps, { actor: seller, input: { ...input, paymentMethod: 'cash', buyerCashAmount: 40_400_00 } }));
    expect(await confirmPayment(ctx.deps, { orderId: created.id, actor: buyerOf(created), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    const assigned = value(await assignRider(ctx.deps, { orderId: created.id, actor: seller, rider: { riderId: 'rider-1' } }));
    value(await acceptJob(ctx.deps, { orderId: created.id, actor: riderOf(assigned) }));
    value(await confirmPickup(ctx.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/p.jpg' }));
    const done = value(await completeDelivery(ctx.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode }));
    expect(done.status).toBe('completed');
    expect(ctx.store.state.postings.map((p) => p.kind)).toEqual(['cash_fee_owed']);
    expect(balances(ctx.store.state.postings).get(account.sellerFeesOwed('seller-a'))).toBe(-1_000_00);
    expect(await confirmSettlement(ctx.deps, { orderId: created.id, actor: admin })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    expect(checkOrderAgainstLedger(done, ctx.store.state.postings)).toEqual([]);
  });
});

describe('refunds and cancellation', () => {
  it('the seller cancels before payment, not after', async () => {
    const ctx = memoryWorld();
    const a = value(await createOrder(ctx.deps, { actor: seller, input }));
    expect(value(await cancelOrder(ctx.deps, { orderId: a.id, actor: seller })).status).toBe('cancelled');
    const b = value(await createOrder(ctx.deps, { actor: seller, input }));
    await payByPaybill(ctx.deps, b, 'NLJ7RT61SV');
    value(await confirmPayment(ctx.deps, { orderId: b.id, actor: buyerOf(b), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    expect(await cancelOrder(ctx.deps, { orderId: b.id, actor: seller })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });

  it('the buyer asks for a refund before the code; an admin refunds everything held in escrow, once', async () => {
    const ctx = memoryWorld();
    const moving = await toInTransit(ctx);
    expect(await requestRefund(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), reason: 'no' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const request = value(await requestRefund(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), reason: 'Screen is cracked' }));
    expect(await requestRefund(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), reason: 'Screen is cracked' })).toMatchObject({ ok: false, error: { code: 'REFUND_ALREADY_REQUESTED' } });
    expect(await resolveRefund(ctx.deps, { refundId: request.id, actor: seller, resolution: { decision: 'refund', mpesaReference: 'RFD1234567' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const refunded = value(await resolveRefund(ctx.deps, { refundId: request.id, actor: admin, resolution: { decision: 'refund', mpesaReference: 'rfd1234567' } }));
    expect(refunded.status).toBe('cancelled');
    expect(await resolveRefund(ctx.deps, { refundId: request.id, actor: admin, resolution: { decision: 'refund', mpesaReference: 'RFD1234567' } })).toMatchObject({ ok: false, error: { code: 'REFUND_ALREADY_RESOLVED' } });
    const b = balances(ctx.store.state.postings);
    expect(b.get(account.escrow)).toBe(0);
    expect(b.get(account.refundsSent)).toBe(input.price);
    expect(b.get(account.buyerRefundable(moving.id))).toBe(0);
    expect(ctx.store.state.refunds.get(request.id)).toMatchObject({ status: 'refunded', mpesaReference: 'RFD1234567', resolvedBy: 'admin-1' });
    expect(await completeDelivery(ctx.deps, { orderId: moving.id, actor: riderOf(moving), code: moving.deliveryCode })).toMatchObject({ ok: false });
    expect(checkOrderAgainstLedger(refunded, ctx.store.state.postings)).toEqual([]);
  });
});

describe('bad input is a coded error, never an exception', () => {
  it('create order refuses negative or fractional cents, a malformed phone and a bad pin link', async () => {
    const ctx = memoryWorld();
    const cases: [Partial<CreateOrderInput>, string][] = [
      [{ price: -1 }, 'INVALID_AMOUNT'],
      [{ price: 10.5 }, 'INVALID_AMOUNT'],
      [{ deliveryCost: -100 }, 'INVALID_AMOUNT'],
      [{ price: 1_000_000_001 }, 'INVALID_AMOUNT'],
      [{ buyerPhone: '0812 345' }, 'INVALID_PHONE'],
      [{ itemName: '  ' }, 'VALIDATION_FAILED'],
      [{ pinLocationLink: 'my house' }, 'VALIDATION_FAILED'],
      [{ paymentMethod: 'bitcoin' as never }, 'VALIDATION_FAILED'],
      [{ price: 1_000_00, deliveryCost: 990_00, deliveryPaidBy: 'seller' }, 'DELIVERY_COST_EXCEEDS_PROCEEDS'],
    ];
    for (const [patch, code] of cases) {
      expect(await createOrder(ctx.deps, { actor: seller, input: { ...input, ...patch } })).toMatchObject({ ok: false, error: { code } });
    }
    expect(await createOrder(ctx.deps, { actor: { kind: 'seller', sellerId: 'ghost' }, input })).toMatchObject({ ok: false, error: { code: 'SELLER_NOT_FOUND' } });
    expect(await completeDelivery(ctx.deps, { orderId: 'x', actor: seller, code: '12345' })).toMatchObject({ ok: false, error: { code: 'INVALID_DELIVERY_CODE_FORMAT' } });
    expect(ctx.store.state.orders.size).toBe(0);
  });
});

describe('unlocking a locked code entry (PRODUCT-DECISIONS, Real money: at most 3 unlocks per order)', () => {
  it('the seller and admins together unlock 3 times; the 4th is refused in words and the entry stays locked', async () => {
    const ctx = memoryWorld();
    const order = await toInTransit(ctx);
    const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
    const lock = async () => {
      for (let i = 0; i < 5; i += 1) await completeDelivery(ctx.deps, { orderId: order.id, actor: riderOf(order), code: wrong });
      expect((await ctx.deps.store.read((tx) => tx.orders.get(order.id)))?.codeLockedAt).not.toBeNull();
    };
    for (const who of [seller, admin, seller]) {
      await lock();
      expect(value(await unlockDeliveryCode(ctx.deps, { orderId: order.id, actor: who }))).toMatchObject({ codeAttempts: 0, codeLockedAt: null });
    }
    await lock();
    for (const who of [seller, admin]) {
      const refused = await unlockDeliveryCode(ctx.deps, { orderId: order.id, actor: who });
      expect(refused).toMatchObject({ ok: false, error: { code: 'UNLOCK_LIMIT_REACHED' } });
    }
    const still = await ctx.deps.store.read((tx) => tx.orders.get(order.id));
    expect(still).toMatchObject({ codeAttempts: 5, status: 'in_transit' });
    expect(still?.codeLockedAt).not.toBeNull();
  });
});
