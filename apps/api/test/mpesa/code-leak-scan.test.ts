import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, photoForm } from '../escrow-support/world.js';
import { DIALECTS, ORDER_FORM, type Reply, type SellerSession, type Session } from '../escrow-seller/seller-world.js';
import { consoleNotifierMessages } from '../helpers/rider-code-sms.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

/**
 * The delivery code reaches only the payer (issue 16; PRODUCT-DECISIONS, Real money). A whole
 * journey over the API as people make it: the seller creates the order and shares the link, the
 * buyer pays by M-Pesa prompt on the simulator, a rider delivers with the code, the admin settles
 * and exports. Every response to the seller, the rider, the admin, the public page and the link
 * (without the payer's cookie), every live event, every log line, every e-mail and SMS but the
 * payer's, and the CSV are scanned for the code's digits. The payer's page and SMS have it.
 */
describe.each(DIALECTS)('no one but the payer sees the delivery code (%s)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let admin: Session;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect);
    seller = await w.seller('Leak Scan Phones');
    admin = await w.admin();
  }, 60_000);
  afterAll(async () => w?.dispose());

  it('a whole journey: the code is in the payer\'s SMS and page, and nowhere else', { timeout: 120_000 }, async () => {
    const seen: { who: string; text: string }[] = [];
    const call = async (who: string, method: string, path: string, options: Parameters<MpesaWorld['call']>[2] = {}): Promise<Reply> => {
      const reply = await w.call(method, path, options);
      seen.push({ who: `${who}: ${method} ${path} ${reply.status}`, text: reply.text + JSON.stringify([...reply.headers.entries()]) });
      return reply;
    };
    const asSeller = { cookie: seller.cookie };
    const asAdmin = { cookie: admin.cookie };

    // Live streams, read as raw text over real HTTP for the whole journey.
    const streams: { who: string; text: string; stop: AbortController }[] = [];
    const listen = async (who: string, path: string, headers: Record<string, string>) => {
      const stream = { who, text: '', stop: new AbortController() };
      streams.push(stream);
      const response = await fetch(`${w.apiUrl}${path}`, { headers, signal: stream.stop.signal });
      expect(response.status, `${who} stream`).toBe(200);
      void (async () => {
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) stream.text += decoder.decode(chunk, { stream: true });
        } catch {
          // aborted at the end
        }
      })();
    };

    // The seller creates the order and shares the link.
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...ORDER_FORM, buyerPhone: '0722 555 101' })) form.set(key, value);
    form.set('productPhoto', new File([Buffer.from(PNG)], 'product.png', { type: 'image/png' }));
    const created = await call('seller', 'POST', '/api/seller/orders', { ...asSeller, form });
    expect(created.status, created.text).toBe(201);
    const orderId = String(created.body.data.order.id);
    const link = new URL(String(created.body.data.order.links.buyer));
    const viewKey = link.searchParams.get('code') ?? '';
    expect(viewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const order = await w.reload(orderId);
    const code = order.deliveryCode;
    expect(viewKey).not.toBe(code);

    await listen('seller live', '/api/live/seller', { cookie: `session=${seller.cookie}` });
    await listen('admin live', '/api/live/admin', { cookie: `session=${admin.cookie}` });
    await listen('link live', `/api/live/orders/${orderId}?code=${viewKey}`, {});

    const link_ = { headers: { 'x-delivery-code': viewKey } };
    await call('link', 'GET', `/api/buyer/orders/${orderId}`, link_);
    await call('public', 'GET', `/api/public/orders/${orderId}`);

    // The buyer pays by M-Pesa prompt; the simulator's phone approves it.
    const prompt = await call('link', 'POST', `/api/buyer/orders/${orderId}/mpesa-prompt`, { ...link_, json: { phone: '0722 555 101' } });
    expect(prompt.status, prompt.text).toBe(202);
    const payerCookie = /payer_[^=]+=([^;]+)/.exec(prompt.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect(payerCookie).toMatch(/^payer_/);
    expect(prompt.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const onPhone = await w.eventually(async () => w.sim.prompts().find((p) => p.msisdn === '254722555101' && p.status === 'pending'));
    await w.sim.approve(onPhone.checkoutRequestId, '1234');
    await w.eventually(async () => ((await w.reload(orderId)).paymentConfirmed ? true : undefined), 15_000);

    // The payer's browser (the cookie) sees the code; the link alone, the seller and the rest do not.
    const payerView = await w.call('GET', `/api/buyer/orders/${orderId}`, { headers: { 'x-delivery-code': viewKey, cookie: payerCookie } });
    expect(payerView.body.data).toMatchObject({ deliveryCode: code, holdsCode: true, codeSentTo: '07xx xxx 101' });
    const linkView = await call('link', 'GET', `/api/buyer/orders/${orderId}`, link_);
    expect(linkView.body.data).toMatchObject({ deliveryCode: null, holdsCode: false, codeSentTo: '07xx xxx 101' });
    const sellerView = await call('seller', 'GET', `/api/seller/orders/${orderId}`, asSeller);
    expect(JSON.stringify(sellerView.body)).toContain('07xx xxx 101');
    await call('link', 'POST', `/api/buyer/orders/${orderId}/resend-code`, link_);
    // The buyer forwards M-Pesa's SMS to the seller as proof of payment: the seller types its receipt
    // on the link, signed in and from another browser; the payer's browser, bound at the prompt, keeps the code.
    const receipt = (await w.reload(orderId)).mpesaReceipt ?? '';
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(JSON.stringify(sellerView.body)).not.toContain(receipt);
    for (const signedIn of [true, false]) {
      const typed = await call('seller', 'POST', `/api/buyer/orders/${orderId}/payment`, { ...link_, ...(signedIn ? { cookie: asSeller.cookie } : {}), json: { termsAccepted: true, mpesaReceipt: receipt } });
      expect(typed.status, typed.text).toBe(200);
      expect(typed.headers.get('set-cookie') ?? '').not.toMatch(/payer_/);
    }

    // A rider delivers it with the code the buyer gives at the door.
    const assigned = await call('seller', 'POST', `/api/seller/orders/${orderId}/rider`, { ...asSeller, json: { newRiderName: 'Kamau Rider', newRiderPhone: '0733 555 202' } });
    expect(assigned.status, assigned.text).toBe(200);
    const riderKey = (await w.reload(orderId)).riderKey ?? '';
    const asRider = { headers: { 'x-rider-phone': '+254733555202', 'x-rider-key': riderKey } };
    await call('rider', 'GET', `/api/rider/orders/${orderId}`, asRider);
    await call('rider', 'POST', `/api/rider/orders/${orderId}/accept`, asRider);
    const pickup = await call('rider', 'POST', `/api/rider/orders/${orderId}/pickup`, { ...asRider, form: photoForm(PNG) });
    expect(pickup.status, pickup.text).toBe(200);
    const delivered = await call('rider', 'POST', `/api/rider/orders/${orderId}/complete`, { ...asRider, json: { deliveryCode: code } });
    expect(delivered.status, delivered.text).toBe(200);
    await call('rider', 'GET', '/api/rider/jobs/assigned', asRider);

    // Everyone else's screens afterwards, the admin's settlement and export.
    await call('seller', 'GET', `/api/seller/orders/${orderId}`, asSeller);
    await call('seller', 'GET', '/api/seller/orders?page=1&pageSize=50', asSeller);
    await call('seller', 'GET', '/api/seller/dashboard', asSeller);
    await call('admin', 'GET', `/api/admin/orders?q=${order.trackingNumber}`, asAdmin);
    await call('admin', 'GET', `/api/admin/orders/${orderId}`, asAdmin);
    const settled = await call('admin', 'POST', `/api/admin/orders/${orderId}/settlement`, { ...asAdmin, json: { reference: 'B2C7654321' } });
    expect(settled.status, settled.text).toBe(200);
    await call('admin', 'GET', '/api/admin/export.csv', asAdmin);
    await call('admin', 'GET', '/api/admin/payments/unverified', asAdmin);
    await call('public', 'GET', `/api/public/orders/${orderId}`);
    await call('link', 'GET', `/api/buyer/orders/${orderId}`, link_);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stream of streams) stream.stop.abort();

    // What went out by e-mail and SMS: everything still queued is sent now, and read as the console
    // notifier sent it (a pass during the journey may have sent the code's SMS already, and the
    // outbox erases a sensitive text once delivered); the outbox's rows are scanned too.
    await w.composed.sendOutboxNow();
    await w.composed.sendOutboxNow();
    const outbox = await w.composed.database.db.selectFrom('outbox').selectAll().execute();
    const queued = outbox.map((row) => (typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : (row.payload as Record<string, unknown>)));
    const payloads = consoleNotifierMessages(w.sms.consoleFile ?? '');
    // The code's SMS (and its resend); the payer's other texts (rider assigned, on its way) are scanned like the rest.
    const toPayer = payloads.filter((p) => p['channel'] === 'sms' && p['to'] === '+254722555101' && String(p['body']).includes('delivery code is'));
    expect(toPayer.length, 'the code SMS and its resend').toBe(2);
    expect(payloads.filter((p) => p['channel'] === 'sms' && p['to'] === '+254722555101').length, 'with the rider-assigned and on-its-way texts').toBe(4);
    for (const sms of toPayer) expect(String(sms['body'])).toContain(code);

    const digits = new RegExp(`(?<!\\d)${code}(?!\\d)`);
    const leaks = [
      ...seen.filter((s) => digits.test(s.text)).map((s) => s.who),
      ...streams.filter((s) => digits.test(s.text)).map((s) => s.who),
      ...w.logs.filter((entry) => digits.test(JSON.stringify(entry))).map((entry) => `log: ${JSON.stringify(entry).slice(0, 200)}`),
      ...payloads.filter((p) => !toPayer.includes(p) && digits.test(JSON.stringify(p))).map((p) => `sent ${String(p['channel'])} to ${String(p['to'])}`),
      ...queued.filter((p) => digits.test(JSON.stringify(p))).map((p) => `outbox ${String(p['channel'])} to ${String(p['to'])}`),
    ];
    expect(leaks).toEqual([]);
    // The scan saw the journey: every party's answers, and live events on every stream.
    expect(seen.length).toBeGreaterThan(20);
    for (const stream of streams) expect(stream.text, stream.who).toContain('order.changed');
  });
});

