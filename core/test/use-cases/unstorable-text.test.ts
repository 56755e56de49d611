import { payByPaybill } from '../../src/testing/index.js';
import { describe, expect, it } from 'vitest';
import {
  acceptJob,
  addRider,
  assignRider,
  cancelOrder,
  completeDelivery,
  confirmPayment,
  confirmPickup,
  confirmSettlement,
  createOrder,
  recordRiderPayment,
  requestRefund,
  resolveRefund,
  submitFeedback,
} from '../../src/index.js';
import { validationMessages as m } from '../../src/validation/index.js';
import { admin, buyerOf, memoryWorld, orderInput as input, riderOf, seller, value } from '../support/world.js';

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

const refused = (message: string) => ({ ok: false, error: { code: 'VALIDATION_FAILED', message } });

/**
 * The use cases are also called without the schemas (the admin CLI, other adapters), so each
 * one that stores text refuses a NUL or half a surrogate pair with the field's own message,
 * before anything changes.
 */
describe('use cases refuse text no database can hold, with the field’s message, changing nothing', () => {
  it('createOrder: every text field', async () => {
    const ctx = memoryWorld();
    const fields = [
      ['itemName', m.order.itemNameInvalid],
      ['buyerName', m.order.buyerNameInvalid],
      ['buyerAddress', m.order.buyerAddressInvalid],
      ['pinLocationLink', m.order.pinLocationInvalid],
      ['landmark', m.order.landmarkInvalid],
      ['houseNumber', m.order.houseNumberInvalid],
      ['estate', m.order.estateInvalid],
      ['pickupLocation', m.order.pickupLocationInvalid],
    ] as const;
    for (const [field, message] of fields) {
      for (const bad of [NUL, LONE]) expect(await createOrder(ctx.deps, { actor: seller, input: { ...input, [field]: bad } })).toEqual(refused(message));
    }
    expect(ctx.store.state.orders.size).toBe(0);
  });

  it('riders: adding one, or assigning a new one by name', async () => {
    const ctx = memoryWorld();
    expect(await addRider(ctx.deps, { actor: seller, name: NUL, phone: '0712345678', motorbikePlate: 'KMD 1A' })).toEqual(refused(m.rider.nameInvalid));
    expect(await addRider(ctx.deps, { actor: seller, name: 'Kamau', phone: '0712345678', motorbikePlate: LONE })).toEqual(refused(m.rider.plateInvalid));
    expect(ctx.store.state.riders.size).toBe(1);
    const order = value(await createOrder(ctx.deps, { actor: seller, input }));
    await payByPaybill(ctx.deps, order, 'NLJ7RT61SV');
    value(await confirmPayment(ctx.deps, { orderId: order.id, actor: buyerOf(order), mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true }));
    expect(await assignRider(ctx.deps, { orderId: order.id, actor: seller, rider: { name: NUL, phone: '0712345678' } })).toEqual(refused(m.rider.nameInvalid));
    expect(ctx.store.state.orders.get(order.id)?.riderPhone).toBeNull();
  });

  it('reasons, notes, issues, comments and references', async () => {
    const ctx = memoryWorld();
    const fresh = value(await createOrder(ctx.deps, { actor: seller, input }));
    expect(await cancelOrder(ctx.deps, { orderId: fresh.id, actor: seller, reason: NUL })).toEqual(refused('The reason contains a character that is not allowed'));

    const paid = value(await createOrder(ctx.deps, { actor: seller, input }));
    await payByPaybill(ctx.deps, paid, 'NLJ7RT62SV');
    value(await confirmPayment(ctx.deps, { orderId: paid.id, actor: buyerOf(paid), mpesaReceipt: 'NLJ7RT62SV', termsAccepted: true }));
    expect(await requestRefund(ctx.deps, { orderId: paid.id, actor: buyerOf(paid), reason: `Broken ${LONE}` })).toEqual(refused(m.refund.reasonInvalid));
    const request = value(await requestRefund(ctx.deps, { orderId: paid.id, actor: buyerOf(paid), reason: 'Broken screen' }));
    expect(await resolveRefund(ctx.deps, { refundId: request.id, actor: admin, resolution: { decision: 'reject', note: NUL } })).toEqual(refused('The note contains a character that is not allowed'));

    const moving = value(await createOrder(ctx.deps, { actor: seller, input }));
    await payByPaybill(ctx.deps, moving, 'NLJ7RT63SV');
    value(await confirmPayment(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), mpesaReceipt: 'NLJ7RT63SV', termsAccepted: true }));
    const assigned = value(await assignRider(ctx.deps, { orderId: moving.id, actor: seller, rider: { riderId: 'rider-1' } }));
    value(await acceptJob(ctx.deps, { orderId: moving.id, actor: riderOf(assigned) }));
    value(await confirmPickup(ctx.deps, { orderId: moving.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
    expect(await recordRiderPayment(ctx.deps, { orderId: moving.id, actor: riderOf(assigned), paymentReceived: false, paymentIssue: NUL })).toEqual(refused(m.riderPayment.issueInvalid));
    value(await completeDelivery(ctx.deps, { orderId: moving.id, actor: riderOf(assigned), code: moving.deliveryCode }));
    expect(await submitFeedback(ctx.deps, { orderId: moving.id, actor: buyerOf(moving), riderRating: 5, sellerRating: 5, comment: LONE })).toEqual(refused(m.feedback.commentInvalid));
    expect(await confirmSettlement(ctx.deps, { orderId: moving.id, actor: admin, reference: NUL })).toEqual(refused('The payout reference contains a character that is not allowed'));

    const state = ctx.store.state;
    expect(state.orders.get(fresh.id)?.status).toBe('awaiting_payment');
    expect(state.orders.get(paid.id)?.status).toBe('paid');
    expect(state.orders.get(moving.id)?.status).toBe('awaiting_settlement');
    expect(state.riderPayments).toHaveLength(0);
    expect(state.feedback.size).toBe(0);
  });
});
