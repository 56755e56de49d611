import { randomUUID } from 'node:crypto';
import { cents, completeDelivery, computeOrderMoney, feePolicy } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, PNG, riderHeaders } from '../escrow-support/world.js';
import { nextMillisecond } from '../helpers/next-millisecond.js';
import { DIALECTS, idempotencyKey, openSellerWorld, ORDER_FORM, orderForm, storedPhotos, type SellerSession, type SellerWorld } from './seller-world.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);

describe.each(DIALECTS)('seller orders API on %s', (dialect) => {
  let world: SellerWorld;
  let amani: SellerSession;
  let baraka: SellerSession;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    amani = await world.seller('Amani Phones');
    baraka = await world.seller('Baraka Boutique');
  });
  afterAll(async () => world?.dispose());

  it('needs a session (401) and a seller record (404 Seller not found, for /seller/signup)', async () => {
    const anonymous = await world.call('GET', '/api/seller/orders');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
    const account = await world.account();
    const noSeller = await world.call('POST', '/api/seller/orders', { cookie: account.cookie, json: ORDER_FORM });
    expect(noSeller.status).toBe(404);
    expect(noSeller.body.error).toEqual({ code: 'SELLER_NOT_FOUND', message: 'Seller not found' });
  });

  it('creates an order: the server computes fee, payouts, tracking number and code and ignores any it is sent', async () => {
    const reply = await world.call('POST', '/api/seller/orders', {
      cookie: amani.cookie,
      json: { ...ORDER_FORM, serviceFee: 0, sellerPayout: 99_999_999, riderPayout: 1, status: 'settlement_completed', trackingNumber: 'MINE', deliveryCode: '111111', paymentConfirmed: true, productPhotoUrl: 'https://evil.example/x.png' },
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.message).toBe('Order created successfully!');
    const view = reply.body.data.order;
    const money = must(computeOrderMoney({ price: cents(65_000_00), deliveryCost: cents(300_00), deliveryPaidBy: 'buyer', policy: must(feePolicy(250)) }));
    expect(view).toMatchObject({ status: 'awaiting_payment', price: 65_000_00, deliveryCost: 300_00, serviceFee: money.serviceFee, sellerPayout: money.sellerPayout, riderPayout: money.riderPayout, paymentConfirmed: false, productPhotoUrl: null });
    expect(view.trackingNumber).toMatch(/^[A-Z0-9]{1,12}$/);
    expect(view.trackingNumber).not.toBe('MINE');
    // The code is made by the server and kept from the seller (issue 16): the link carries the view key.
    expect(view).not.toHaveProperty('deliveryCode');
    const stored = await world.reload(view.id);
    expect(stored).toMatchObject({ sellerId: amani.sellerId, serviceFee: 162_500, sellerPayout: money.sellerPayout, trackingNumber: view.trackingNumber, buyerPhone: '+254722000111', pickupLocation: 'Westlands, Nairobi' });
    expect(stored.deliveryCode).toMatch(/^[1-9]\d{5}$/);
    expect(stored.deliveryCode).not.toBe('111111');
    expect(stored.buyerViewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(view.links).toEqual({ buyer: `http://localhost/buyer/order/${view.id}?code=${stored.buyerViewKey}`, seller: `http://localhost/order/${view.id}`, rider: null });
  });

  it('refuses a seller-paid delivery that costs more than the proceeds, and invalid fields with the form message', async () => {
    const tooDear = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, price: '100', deliveryCost: '99', deliveryPaidBy: 'seller' } });
    expect(tooDear.status).toBe(400);
    expect(tooDear.body.error?.code).toBe('DELIVERY_COST_EXCEEDS_PROCEEDS');
    const noItem = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, itemName: '  ' } });
    expect(noItem.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Item name is required' });
    const badPin = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, pinLocationLink: 'javascript:alert(1)' } });
    expect(badPin.body.error?.message).toBe('Pin location must be a link starting with http:// or https://');
  });

  it('takes product and packaged photos as multipart, stores them under their folders and serves them back', async () => {
    const reply = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, form: orderForm(ORDER_FORM, { product: PNG, packaged: JPEG }) });
    expect(reply.status, reply.text).toBe(201);
    const { productPhotoUrl, packagedPhotoUrl } = reply.body.data.order;
    expect(productPhotoUrl).toMatch(/^\/uploads\/order-photos\/products\/\d{13}-[A-Za-z0-9_-]+\.png$/);
    expect(packagedPhotoUrl).toMatch(/^\/uploads\/order-photos\/packaged\/\d{13}-[A-Za-z0-9_-]+\.jpg$/);
    const served = await world.app.request(productPhotoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a photo that is not an image by its bytes, and stores nothing when the order is refused', async () => {
    const before = storedPhotos(world);
    const html = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, form: orderForm(ORDER_FORM, { product: new TextEncoder().encode('<html><script>alert(1)</script></html>') }) });
    expect(html.status).toBe(400);
    expect(html.body.error?.message).toBe('Please upload an image file (JPEG, PNG, WebP or GIF)');
    const textInFileField = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, form: orderForm(ORDER_FORM, { product: '../../etc/passwd' }) });
    expect(textInFileField.status).toBe(400);
    const refused = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, form: orderForm({ ...ORDER_FORM, price: '100', deliveryCost: '99', deliveryPaidBy: 'seller' }, { product: PNG, packaged: JPEG }) });
    expect(refused.status).toBe(400);
    expect(storedPhotos(world)).toEqual(before);
  });

  it('lists own orders newest first, paged, with the total; another seller sees none of them', async () => {
    const seller = await world.seller('Chui Electronics');
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      await nextMillisecond();
      made.push(await world.order(seller, { itemName: `Item ${i}` }));
    }
    const page1 = await world.call('GET', '/api/seller/orders?page=1&pageSize=2', { cookie: seller.cookie });
    const page3 = await world.call('GET', '/api/seller/orders?page=3&pageSize=2', { cookie: seller.cookie });
    expect(page1.body.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.body.data.orders.map((o: { itemName: string }) => o.itemName)).toEqual(['Item 4', 'Item 3']);
    expect(page3.body.data.orders.map((o: { itemName: string }) => o.itemName)).toEqual(['Item 0']);
    expect(page1.text).not.toContain('deliveryCode');
    const other = await world.call('GET', '/api/seller/orders?pageSize=100', { cookie: baraka.cookie });
    expect(other.text).not.toContain(made[0]?.id);
    const bad = await world.call('GET', '/api/seller/orders?page=0', { cookie: seller.cookie });
    expect(bad.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Page must be a whole number from 1 to 1000' });
  });

  it("shows one order with the seller's data joined, where the code went (never the code) and the links; another seller's order is 'Order not found' like a missing one", async () => {
    const { order } = await world.assigned(amani);
    const own = await world.call('GET', `/api/seller/orders/${order.id}`, { cookie: amani.cookie });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: order.id, codeSentTo: null, seller: { id: amani.sellerId, businessName: 'Amani Phones' }, riderPhone: order.riderPhone });
    // What the screen offers the seller (decision 0062): change or remove the rider, unlock, record a rejection.
    expect(own.body.data.actions).toEqual(['assign_rider', 'remove_rider', 'unlock_code', 'request_refund']);
    expect(own.text).not.toContain(order.deliveryCode);
    expect(own.body.data.links.rider).toBe(`http://localhost/rider/${order.id}?phone=${encodeURIComponent(order.riderPhone ?? '')}&key=${order.riderKey}`);
    const foreign = await world.call('GET', `/api/seller/orders/${order.id}`, { cookie: baraka.cookie });
    const missing = await world.call('GET', `/api/seller/orders/${randomUUID()}`, { cookie: baraka.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.error?.message).toBe('Order not found');
  });

  it('cancels before payment only', async () => {
    const unpaid = await world.order(amani);
    const cancelled = await world.call('POST', `/api/seller/orders/${unpaid.id}/cancel`, { cookie: amani.cookie, json: { reason: 'Buyer changed their mind' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order.status).toBe('cancelled');
    const paid = await world.paid(amani);
    const refused = await world.call('POST', `/api/seller/orders/${paid.id}/cancel`, { cookie: amani.cookie, json: {} });
    expect(refused.status).toBe(409);
    expect((await world.reload(paid.id)).status).toBe('paid');
  });

  it("assigns, changes (the old rider's link stops at once) and removes a rider", async () => {
    const order = await world.paid(amani);
    const first = await world.riderOf(amani);
    const riders = await world.call('GET', '/api/seller/riders', { cookie: amani.cookie });
    const firstId = riders.body.data.riders.find((r: { phone: string }) => r.phone === first).id;
    const assigned = await world.call('POST', `/api/seller/orders/${order.id}/rider`, { cookie: amani.cookie, json: { riderId: firstId } });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.data.order).toMatchObject({ status: 'rider_assigned', riderPhone: first });
    const firstKey = new URL(assigned.body.data.links.rider).searchParams.get('key');
    expect((await world.call('GET', `/api/rider/orders/${order.id}`, { headers: riderHeaders(first, firstKey) })).status).toBe(200);

    const changed = await world.call('POST', `/api/seller/orders/${order.id}/rider`, { cookie: amani.cookie, json: { newRiderName: 'Wafula', newRiderPhone: '0711 222 333' } });
    expect(changed.body.data.order).toMatchObject({ status: 'rider_assigned', riderName: 'Wafula', riderPhone: '+254711222333' });
    expect((await world.call('GET', `/api/rider/orders/${order.id}`, { headers: riderHeaders(first, firstKey) })).status).toBe(404);
    const secondKey = new URL(changed.body.data.links.rider).searchParams.get('key');
    expect((await world.call('GET', `/api/rider/orders/${order.id}`, { headers: riderHeaders('+254711222333', secondKey) })).status).toBe(200);

    const neither = await world.call('POST', `/api/seller/orders/${order.id}/rider`, { cookie: amani.cookie, json: {} });
    expect(neither.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Please select or add a rider' });
    const foreignRider = await world.call('POST', `/api/seller/orders/${order.id}/rider`, { cookie: amani.cookie, json: { riderId: randomUUID() } });
    expect(foreignRider.status).toBe(404);

    const removed = await world.call('DELETE', `/api/seller/orders/${order.id}/rider`, { cookie: amani.cookie });
    expect(removed.body.data).toMatchObject({ order: { status: 'paid', riderPhone: null }, links: { rider: null }, message: 'Rider removed' });
    expect((await world.call('GET', `/api/rider/orders/${order.id}`, { headers: riderHeaders('+254711222333', secondKey) })).status).toBe(404);
  });

  it('unlocks a locked delivery code: after 5 wrong codes the right one is refused until the seller unlocks', async () => {
    const t = await world.inTransit(amani);
    const rider = { kind: 'rider', phone: t.phone, key: t.key } as const;
    const wrong = t.order.deliveryCode === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) await completeDelivery(world.deps, { orderId: t.order.id, actor: rider, code: wrong });
    const locked = await world.call('POST', `/api/rider/orders/${t.order.id}/complete`, { headers: riderHeaders(t.phone, t.key), json: { deliveryCode: t.order.deliveryCode } });
    expect(locked.status).toBe(423);
    const view = await world.call('GET', `/api/seller/orders/${t.order.id}`, { cookie: amani.cookie });
    expect(view.body.data).toMatchObject({ codeLocked: true, codeAttempts: 5, codeAttemptsLeft: 0 });
    const unlocked = await world.call('POST', `/api/seller/orders/${t.order.id}/unlock-code`, { cookie: amani.cookie });
    expect(unlocked.body.data).toMatchObject({ order: { codeLocked: false }, message: 'Delivery code entry unlocked' });
    const done = await world.call('POST', `/api/rider/orders/${t.order.id}/complete`, { headers: riderHeaders(t.phone, t.key), json: { deliveryCode: t.order.deliveryCode } });
    expect(done.status).toBe(200);
    expect((await world.reload(t.order.id)).status).toBe('awaiting_settlement');
  });

  it('records that the buyer rejected the item (a refund request for the admin)', async () => {
    const t = await world.inTransit(amani);
    const reply = await world.call('POST', `/api/seller/orders/${t.order.id}/refund-request`, { cookie: amani.cookie, json: { reason: 'Buyer says the colour is wrong' } });
    expect(reply.status).toBe(201);
    expect(reply.body.data.refundRequest).toMatchObject({ status: 'open', reason: 'Buyer says the colour is wrong' });
    const view = await world.call('GET', `/api/seller/orders/${t.order.id}`, { cookie: amani.cookie });
    expect(view.body.data.refundRequest).toMatchObject({ requestedBy: 'seller', status: 'open' });
  });

  it('creates an order once per Idempotency-Key: a replay answers the same order, another body with the key is refused', async () => {
    const key = idempotencyKey();
    const first = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, itemName: 'Idempotent TV' }, headers: key });
    const again = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, itemName: 'Idempotent TV' }, headers: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.order.id).toBe(first.body.data.order.id);
    const other = await world.call('POST', '/api/seller/orders', { cookie: amani.cookie, json: { ...ORDER_FORM, itemName: 'Another TV' }, headers: key });
    expect(other.status).toBe(422);
    // Another seller's identical key is another scope: it creates its own order.
    const theirs = await world.call('POST', '/api/seller/orders', { cookie: baraka.cookie, json: { ...ORDER_FORM, itemName: 'Idempotent TV' }, headers: key });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.order.id).not.toBe(first.body.data.order.id);
    const count = await world.composed.database.db.selectFrom('orders').select('id').where('item_name', '=', 'Idempotent TV').execute();
    expect(count).toHaveLength(2);
  });
});

describe('links on PUBLIC_BASE_URL', () => {
  it('builds the buyer, seller and rider links on the public origin when it is set', async () => {
    const world = await openSellerWorld('sqlite', { env: { PUBLIC_BASE_URL: 'https://escrow.example.co.ke/' } });
    try {
      const seller = await world.seller();
      const { order } = await world.assigned(seller);
      const reply = await world.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie, headers: { origin: 'https://escrow.example.co.ke' } });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.data.links).toEqual({
        buyer: `https://escrow.example.co.ke/buyer/order/${order.id}?code=${order.buyerViewKey}`,
        seller: `https://escrow.example.co.ke/order/${order.id}`,
        rider: `https://escrow.example.co.ke/rider/${order.id}?phone=${encodeURIComponent(order.riderPhone ?? '')}&key=${order.riderKey}`,
      });
    } finally {
      await world.dispose();
    }
  });
});
