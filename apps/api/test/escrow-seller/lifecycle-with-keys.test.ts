import { payByPaybill } from '@escrow/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoForm, PNG, receipt } from '../escrow-support/world.js';
import { DIALECTS, idempotencyKey, openSellerWorld, ORDER_FORM, orderForm, storedPhotos, type Reply, type SellerSession, type SellerWorld } from './seller-world.js';

// The whole escrow lifecycle through the API as production composes it, every step sent with
// an Idempotency-Key and then sent again: each step's key and answer are written in the step's
// own commit (decision 0035), so each step changes the order once and its replay answers the same.
describe.each(DIALECTS)('a lifecycle with every step retried on %s', (dialect) => {
  let world: SellerWorld;
  let amani: SellerSession;

  beforeAll(async () => {
    world = await openSellerWorld(dialect, { env: { RATE_LIMITS: 'off', NODE_ENV: 'test' } });
    amani = await world.seller('Amani Phones');
  });
  afterAll(async () => world?.dispose());

  /** Sends a request twice with one key: the second is a replay of the first. */
  const twice = async (send: (headers: Record<string, string>) => Promise<Reply>, status: number): Promise<Reply> => {
    const key = idempotencyKey();
    const first = await send(key);
    const again = await send(key);
    expect(first.status, first.text).toBe(status);
    expect(again.status).toBe(status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    return first;
  };

  it('makes each change once and leaves every key with its answer', async () => {
    const created = await twice((headers) => world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, itemName: 'Retried phone' }, headers }), 201);
    const orderId: string = created.body.data.order.id;
    // The seller's answer has no code (issue 16): the buyer opens the link with its view key, then has the code by SMS.
    expect(created.body.data.order).not.toHaveProperty('deliveryCode');
    const code = (await world.reload(orderId)).deliveryCode;
    const buyer = { 'x-delivery-code': new URL(String(created.body.data.order.links.buyer)).searchParams.get('code') ?? '' };

    // A retry sends the same body as the first try. The buyer's typed receipt is a claim until M-Pesa confirms it.
    const mpesaReceipt = receipt();
    const claimed = await twice((headers) => world.call('POST', `/api/buyer/orders/${orderId}/payment`, { json: { termsAccepted: true, mpesaReceipt }, headers: { ...buyer, ...headers } }), 200);
    expect(claimed.body.data.order).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false });
    // M-Pesa's C2B confirmation of that receipt pays the order; the buyer typing it again is told so.
    await payByPaybill(world.deps, await world.reload(orderId), mpesaReceipt);
    const paid = await world.call('POST', `/api/buyer/orders/${orderId}/payment`, { json: { termsAccepted: true, mpesaReceipt }, headers: { ...buyer, ...idempotencyKey() } });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.order).toMatchObject({ status: 'paid', paymentConfirmed: true });
    const assigned = await twice(
      (headers) => world.call('POST', `/api/seller/orders/${orderId}/rider`, { cookie: amani.cookie, json: { newRiderName: 'Otieno', newRiderPhone: '0711 222 333' }, headers }),
      200,
    );
    const link = new URL(assigned.body.data.links.rider as string);
    const rider = { 'x-rider-phone': link.searchParams.get('phone') ?? '', 'x-rider-key': link.searchParams.get('key') ?? '' };
    await twice((headers) => world.call('POST', `/api/rider/orders/${orderId}/accept`, { headers: { ...rider, ...headers } }), 200);
    await twice((headers) => world.call('POST', `/api/rider/orders/${orderId}/pickup`, { form: photoForm(PNG), headers: { ...rider, ...headers } }), 200);
    await twice((headers) => world.call('POST', `/api/rider/orders/${orderId}/complete`, { json: { deliveryCode: code }, headers: { ...rider, ...headers } }), 200);
    // Rating is the code holder's: the buyer opens the page with the code from the payment SMS.
    await twice((headers) => world.call('POST', `/api/buyer/orders/${orderId}/feedback`, { json: { riderRating: 5, sellerRating: 4 }, headers: { 'x-delivery-code': code, ...headers } }), 201);

    const order = await world.reload(orderId);
    expect(order.status).toBe('awaiting_settlement');
    const db = world.composed.database.db;
    const actions = (await db.selectFrom('order_events').select('action').where('order_id', '=', orderId).orderBy('seq').execute()).map((e) => e.action);
    // bind_payer: the buyer typed the receipt of the verified payment, so this browser is the payer's (issue 16).
    expect(actions).toEqual(['create_order', 'claim_payment', 'verify_payment', 'bind_payer', 'assign_rider', 'accept_job', 'confirm_pickup', 'complete_delivery', 'submit_feedback']);
    const postings = (await db.selectFrom('ledger_postings').select('kind').where('order_id', '=', orderId).execute()).map((p) => p.kind).sort();
    expect(postings).toEqual(['claim_released', 'delivery_release', 'payment_claimed', 'payment_in']);
    expect(await db.selectFrom('orders').select('id').where('item_name', '=', 'Retried phone').execute()).toHaveLength(1);
    // Seven keys, each stored with the answer it replayed; none left pending.
    const keys = await db.selectFrom('idempotency_keys').select(['response_status']).execute();
    expect(keys.length).toBeGreaterThanOrEqual(7);
    expect(keys.filter((k) => k.response_status === null)).toEqual([]);
  });

  const productPhotos = () => storedPhotos(world, ['products']);
  const orderWithPhoto = (itemName: string, headers: Record<string, string>) =>
    world.call('POST', '/api/seller/orders', { cookie: amani.cookie, form: orderForm({ ...ORDER_FORM, itemName }, { product: PNG }), headers });

  it('keeps one photo for an order created with a photo and retried, one after the other or at once', async () => {
    const before = productPhotos();
    const retried = await twice((headers) => orderWithPhoto('Retried with a photo', headers), 201);
    const key = idempotencyKey();
    const together = await Promise.all(Array.from({ length: 5 }, () => orderWithPhoto('Sent five times at once', key)));
    // One makes the order; the others wait for its commit and replay its answer.
    expect(together.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(together.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    for (const reply of together) expect(reply.text).toBe(together[0]!.text);
    const db = world.composed.database.db;
    const orders = await db.selectFrom('orders').select('product_photo_url').where('item_name', 'in', ['Retried with a photo', 'Sent five times at once']).execute();
    expect(orders).toHaveLength(2);
    expect(orders.map((o) => o.product_photo_url)).toContain(retried.body.data.order.productPhotoUrl);
    // A duplicate whose change rolled back (the key was in the first one's commit) leaves no photo behind.
    const added = productPhotos().filter((name) => !before.includes(name));
    expect(added.map((path) => `/uploads/order-photos/${path}`).sort()).toEqual(orders.map((o) => o.product_photo_url).sort());
  });
});
