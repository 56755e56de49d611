import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogue } from '@escrow/core';
import { afterEach, describe, expect, it } from 'vitest';
import { client, DIALECTS, localForm, openWorld, photoForm, PNG, riderHeaders, type World } from '../escrow-support/world.js';
import { proveRiderPhone } from './rider-phone-support.js';

describe.each(DIALECTS)('rider API on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('walks a job: view, accept, pickup photo, complete with the code, record payment', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller('Amani Phones');
    const { order, phone, key } = await world.assigned(sellerId);
    const api = client(world.app);
    const headers = riderHeaders(localForm(phone), key);
    const base = `/api/rider/orders/${order.id}`;

    const view = await api.get(base, { headers });
    expect(view.status).toBe(200);
    // Before accepting: the area and landmark, not the buyer's name, phone or exact address.
    expect(view.json.data).toMatchObject({
      id: order.id,
      status: 'rider_assigned',
      accepted: false,
      pickup: { sellerBusinessName: 'Amani Phones', location: 'Westlands', sellerLocation: 'Westlands', sellerPhone: '+254711111111' },
      delivery: { buyerDetailsHidden: true, buyerName: null, buyerPhone: null, address: null, landmark: 'Near the mosque', estate: 'Kileleshwa', houseNumber: null, pinLocationLink: null },
      collectFromBuyer: { deliveryFee: 300_00, cashAmount: null },
      codeLocked: false,
      codeAttemptsLeft: 5,
      // What the page offers (decision 0062): accept first; the pickup step once accepted.
      actions: ['accept_job', 'request_refund'],
    });
    for (const hidden of [order.deliveryCode, key, 'Achieng', '+254722000111', 'Othaya Road', 'maps.example.com']) expect(view.text).not.toContain(hidden);

    const early = await api.post(`${base}/pickup`, { headers, body: photoForm(PNG) });
    expect(early.status).toBe(409);
    expect(early.json.error?.code).toBe('RIDER_NOT_ACCEPTED');
    expect(await readdir(join(world.uploadsDir, 'order-photos', 'pickup')).catch(() => [])).toEqual([]);

    const accepted = await api.post(`${base}/accept`, { headers });
    expect(accepted.json.data).toMatchObject({ job: { accepted: true, status: 'rider_assigned' }, message: 'Job accepted! Please proceed to pickup location.' });
    expect((await api.get(base, { headers })).json.data).toMatchObject({
      accepted: true,
      actions: ['accept_job', 'confirm_pickup', 'request_refund'],
      delivery: { buyerDetailsHidden: false, buyerName: 'Achieng Odhiambo', buyerPhone: '+254722000111', address: 'Kileleshwa, Othaya Road, Flat 3B', landmark: 'Near the mosque', estate: 'Kileleshwa', houseNumber: '3B', pinLocationLink: 'https://maps.example.com/p/1' },
    });

    const notImage = await api.post(`${base}/pickup`, { headers, body: photoForm(new TextEncoder().encode('<script>alert(1)</script>'), 'evil.png') });
    expect(notImage.status).toBe(400);
    expect(notImage.json.error?.message).toBe('Please upload an image file (JPEG, PNG, WebP or GIF)');
    const noPhoto = await api.post(`${base}/pickup`, { headers, body: new FormData() });
    expect(noPhoto.status).toBe(409);
    expect(noPhoto.json.error?.message).toBe('Please upload a pickup photo');
    const notMultipart = await api.post(`${base}/pickup`, { headers, json: { photo: 'x' } });
    expect(notMultipart.status).toBe(400);

    const pickup = await api.post(`${base}/pickup`, { headers, body: photoForm(PNG, '../../../etc/passwd') });
    expect(pickup.status).toBe(200);
    expect(pickup.json.data).toMatchObject({ job: { status: 'in_transit', progressPercent: 75 }, message: 'Pickup confirmed! Delivery started.' });
    expect((await api.get(base, { headers })).json.data?.['actions']).toEqual(['complete_delivery', 'request_refund', 'record_rider_payment']);
    const url = String(pickup.json.data?.['pickupPhotoUrl']);
    expect(url).toMatch(/^\/uploads\/order-photos\/pickup\/\d+-[A-Za-z0-9_-]+\.png$/);
    const served = await world.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await world.app.request('/uploads/order-photos/pickup/..%2F..%2Fescrow.sqlite')).status).toBe(404);

    const badFormat = await api.post(`${base}/complete`, { headers, json: { deliveryCode: '12ab' } });
    expect(badFormat.status).toBe(400);
    const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
    const refused = await api.post(`${base}/complete`, { headers, json: { deliveryCode: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ code: 'WRONG_DELIVERY_CODE', message: 'Invalid delivery code', attemptsLeft: 4 });
    const done = await api.post(`${base}/complete`, { headers, json: { deliveryCode: order.deliveryCode } });
    expect(done.status).toBe(200);
    expect(done.json.data).toMatchObject({ job: { status: 'awaiting_settlement', progressPercent: 100 }, message: 'Delivery completed successfully!' });
    expect((await api.get(base, { headers })).json.data?.['actions']).toEqual(['record_rider_payment']);

    const blank = await api.post(`${base}/payment-confirmation`, { headers, json: { paymentReceived: false, paymentIssue: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.json.error?.message).toBe('Please describe the payment issue');
    const issue = await api.post(`${base}/payment-confirmation`, { headers, json: { paymentReceived: false, paymentIssue: 'Buyer paid only half the fee' } });
    expect(issue.status).toBe(201);
    expect(issue.json.data).toMatchObject({ confirmation: { paymentReceived: false, paymentIssue: 'Buyer paid only half the fee' }, message: 'Issue reported. Admin will review it.' });
    const received = await api.post(`${base}/payment-confirmation`, { headers, json: { paymentReceived: true } });
    expect(received.json.data).toMatchObject({ message: 'Payment confirmation recorded' });
  });

  it('locks code entry after 5 wrong codes; then even the right code is refused', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.inTransit(sellerId);
    const api = client(world.app);
    const complete = (deliveryCode: string) => api.post(`/api/rider/orders/${order.id}/complete`, { headers: riderHeaders(phone, key), json: { deliveryCode } });
    const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
    const left: (number | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) left.push((await complete(wrong)).json.error?.attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const locked = await complete(order.deliveryCode);
    expect(locked.status).toBe(423);
    expect(locked.json.error?.message).toBe(catalogue.errors.deliveryCodeLocked);
    expect((await world.reload(order.id)).status).toBe('in_transit');
  });

  it('lists available jobs without buyer personal data, lets a listed rider take one and hands the key to that caller only', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller('Amani Phones');
    const phone = await world.riderOf(sellerId);
    const order = await world.paid(sellerId);
    const api = client(world.app);
    const proof = { cookie: await proveRiderPhone(world, phone) };
    // A rider of another seller: a proven phone, but not on this seller's list.
    const strangerPhone = await world.riderOf((await world.seller('Baraka Boutique')).sellerId);
    const strangerProof = { cookie: await proveRiderPhone(world, strangerPhone) };

    const list = await api.get('/api/rider/jobs/available', { headers: riderHeaders(localForm(phone), null, proof) });
    expect(list.status).toBe(200);
    expect(list.json.data?.['jobs']).toEqual([
      expect.objectContaining({ id: order.id, itemName: 'iPhone 13', sellerBusinessName: 'Amani Phones', pickupArea: 'Westlands', deliveryArea: 'Kileleshwa', deliveryCost: 300_00 }),
    ]);
    for (const secret of [order.buyerName, order.buyerPhone, 'Othaya Road', '3B', 'maps.example.com', order.deliveryCode, 'Near the mosque', order.trackingNumber]) {
      expect(list.text).not.toContain(secret);
    }
    const stranger = await api.get('/api/rider/jobs/available', { headers: riderHeaders(strangerPhone, null, strangerProof) });
    expect(stranger.json.data?.['jobs']).toEqual([]);
    expect((await api.get('/api/rider/jobs/available')).json.error).toEqual({ code: 'RIDER_PHONE_REQUIRED', message: 'Rider phone number required' });
    expect((await api.get('/api/rider/jobs/available', { headers: riderHeaders('12345') })).status).toBe(400);

    const notListed = await api.post(`/api/rider/orders/${order.id}/take`, { headers: riderHeaders(strangerPhone, null, strangerProof) });
    expect(notListed.status).toBe(404);
    expect(notListed.json.error?.message).toBe('Order not found or not assigned to you');

    const taken = await api.post(`/api/rider/orders/${order.id}/take`, { headers: riderHeaders(phone, null, proof) });
    expect(taken.status).toBe(200);
    const key = String(taken.json.data?.['riderKey']);
    expect(key.length).toBeGreaterThanOrEqual(20);
    expect(taken.json.data).toMatchObject({ job: { status: 'rider_assigned', accepted: true }, riderLink: `/rider/${order.id}?phone=${encodeURIComponent(phone)}&key=${encodeURIComponent(key)}`, message: 'Job accepted! Please proceed to pickup location.' });
    expect((await world.reload(order.id)).riderKey).toBe(key);

    const secondTake = await api.post(`/api/rider/orders/${order.id}/take`, { headers: riderHeaders(phone, null, proof) });
    expect(secondTake.status).toBe(409);
    expect(secondTake.text).not.toContain(key);

    const assigned = await api.get('/api/rider/jobs/assigned', { headers: riderHeaders(phone, null, proof) });
    expect(assigned.json.data?.['jobs']).toEqual([expect.objectContaining({ id: order.id, status: 'rider_assigned', accepted: true })]);
    expect(assigned.text).not.toContain(key);
    expect(assigned.text).not.toContain(order.buyerPhone);
    expect((await api.get('/api/rider/jobs/available', { headers: riderHeaders(phone, null, proof) })).json.data?.['jobs']).toEqual([]);
    expect((await api.get(`/api/rider/orders/${order.id}`, { headers: riderHeaders(phone, key) })).status).toBe(200);
    expect((await api.get(`/api/rider/orders/${order.id}`, { headers: riderHeaders(phone) })).status).toBe(404);
  });

  it('records "buyer rejected the item" as a refund request', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.inTransit(sellerId);
    const made = await client(world.app).post(`/api/rider/orders/${order.id}/refund-request`, { headers: riderHeaders(phone, key), json: { reason: 'Buyer says the screen is cracked' } });
    expect(made.status).toBe(201);
    expect(made.json.data).toMatchObject({ refundRequest: { status: 'open' } });
  });

  it('refuses a photo over 10 MB while reading it (413), declared or chunked', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.assigned(sellerId);
    const big = new Uint8Array(10 * 1024 * 1024 + 100 * 1024);
    big.set(PNG);
    const api = client(world.app);
    const declared = await api.post(`/api/rider/orders/${order.id}/pickup`, { headers: riderHeaders(phone, key), body: photoForm(big) });
    expect(declared.status).toBe(413);
    expect(declared.json.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The photo can be at most 10 MB' });
    const chunks = [big.subarray(0, 5_000_000), big.subarray(5_000_000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const chunked = await world.app.request(`/api/rider/orders/${order.id}/pickup`, {
      method: 'POST',
      headers: { ...riderHeaders(phone, key), 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});
