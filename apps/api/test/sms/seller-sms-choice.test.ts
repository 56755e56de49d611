import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, ORDER_FORM, type SellerSession } from '../escrow-seller/seller-world.js';
import { PNG, photoForm } from '../escrow-support/world.js';
import { c2bConfirmationBody, c2bConfirmationPath, TEST_CALLBACK_SECRET } from '../helpers/c2b-confirmation.js';
import { openSmsWorld, type SmsWorld } from './sms-world.js';

/**
 * Sellers choose how they are told about their orders (decision 0048), over real HTTP: the
 * seller's choice on the profile route, the order paid by M-Pesa's C2B confirmation, delivered by
 * the rider's routes, Mark Paid by the admin's; the outbox sent through the routing notifier, SMS
 * to the Africa's Talking simulator (read from its phone inbox) and email to the console file.
 * On SQLite and on PostgreSQL.
 */
describe.each(DIALECTS)('the seller\'s notification choice, over real HTTP (%s)', (dialect) => {
  let w: SmsWorld;
  let admin: string;
  let phones = 0;
  beforeAll(async () => {
    // The callback secret serves the C2B confirmation route without Daraja credentials (hand-registered URLs).
    w = await openSmsWorld(dialect, { MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET });
    admin = (await w.admin()).cookie;
  }, 60_000);
  afterAll(async () => w?.dispose());

  async function http(method: string, path: string, options: { cookie?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { origin: w.apiUrl, ...options.headers };
    if (options.cookie) headers['cookie'] = `session=${options.cookie}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const body = options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
    const response = await fetch(`${w.apiUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    return { status: response.status, text, body: (text ? JSON.parse(text) : {}) as { data?: Record<string, unknown> & { order?: { id: string } } } };
  }

  /** A seller with a phone of their own (the sign-up form's phone is every test seller's). */
  async function sellerWithOwnPhone(name: string): Promise<SellerSession & { phone: string }> {
    const seller = await w.seller(name);
    const phone = `07334${dialect === 'sqlite' ? 1 : 2}${String((phones += 1)).padStart(4, '0')}`;
    const details = await http('PUT', '/api/seller/profile/business-details', { cookie: seller.cookie, json: { businessName: name, location: 'Westlands, Nairobi', phone } });
    expect(details.status, details.text).toBe(200);
    return { ...seller, phone };
  }

  async function choose(seller: SellerSession, choice: { notifyBySms: boolean; notifyByEmail: boolean }) {
    const reply = await http('PUT', '/api/seller/profile/notifications', { cookie: seller.cookie, json: choice });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject(choice);
  }

  async function paidOrder(seller: SellerSession) {
    const created = await http('POST', '/api/seller/orders', { cookie: seller.cookie, json: ORDER_FORM });
    expect(created.status, created.text).toBe(201);
    const order = await w.reload(String(created.body.data?.order?.id));
    const paid = await http('POST', c2bConfirmationPath(), { json: c2bConfirmationBody({ transId: `QS${dialect === 'sqlite' ? 'L' : 'P'}${String((phones += 1)).padStart(7, '0')}`, billRefNumber: order.trackingNumber, amountCents: order.price }) });
    expect(paid.status, paid.text).toBe(200);
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentConfirmed: true });
    return order;
  }

  /** `reference`: the payout's M-Pesa reference, one per payout (decision 0050). */
  async function deliverAndSettle(seller: SellerSession, orderId: string, riderPhone: string, reference: string) {
    const assigned = await http('POST', `/api/seller/orders/${orderId}/rider`, { cookie: seller.cookie, json: { newRiderName: 'Kamau Rider', newRiderPhone: riderPhone } });
    expect(assigned.status, assigned.text).toBe(200);
    const order = await w.reload(orderId);
    const rider = { 'x-rider-phone': order.riderPhone ?? '', 'x-rider-key': order.riderKey ?? '' };
    expect((await http('POST', `/api/rider/orders/${orderId}/accept`, { headers: rider })).status).toBe(200);
    expect((await http('POST', `/api/rider/orders/${orderId}/pickup`, { headers: rider, form: photoForm(PNG) })).status).toBe(200);
    const completed = await http('POST', `/api/rider/orders/${orderId}/complete`, { headers: rider, json: { deliveryCode: order.deliveryCode } });
    expect(completed.status, completed.text).toBe(200);
    const settled = await http('POST', `/api/admin/orders/${orderId}/settlement`, { cookie: admin, json: { reference } });
    expect(settled.status, settled.text).toBe(200);
    return w.reload(orderId);
  }

  /** The notifications the outbox holds for this seller about this order (not the sign-up's welcome), in the order written. */
  async function outboxFor(seller: { email: string; phone: string }, trackingNumber: string) {
    const rows = await w.composed.database.db.selectFrom('outbox').select(['payload', 'delivered_at']).orderBy('seq').execute();
    return rows
      .map((row): Record<string, unknown> => ({ ...((typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>), delivered: row.delivered_at !== null }))
      .filter((p) => (p['to'] === seller.email || p['to'] === `+254${seller.phone.slice(1)}`) && String(p['body']).includes(trackingNumber));
  }
  /** The console notifier's email lines to this address about this order. */
  const consoleEmailsTo = async (email: string, trackingNumber: string) =>
    (await readFile(w.sms.consoleFile ?? '', 'utf8').catch(() => '')).split('\n').filter((line) => line.startsWith(`[notify:email] to=${email} `) && line.includes(trackingNumber));

  it('SMS only: the payment-confirmed text and, after Mark Paid, the paid-out text reach the phone; no email is written or sent', { timeout: 60_000 }, async () => {
    const seller = await sellerWithOwnPhone('Texts Only Phones');
    await choose(seller, { notifyBySms: true, notifyByEmail: false });
    expect((await http('GET', '/api/seller/profile', { cookie: seller.cookie })).body.data).toMatchObject({ email: seller.email, phone: `+254${seller.phone.slice(1)}`, notifyBySms: true, notifyByEmail: false });

    const order = await paidOrder(seller);
    await w.composed.sendOutboxNow();
    const t = order.trackingNumber;
    expect(w.sim.sms.messagesTo(seller.phone).map((m) => m.message)).toEqual([`Escrow Delivery: Payment of KSh 65,000.00 for order ${t} is confirmed by M-Pesa and held in escrow. Assign a rider now.`]);

    const settled = await deliverAndSettle(seller, order.id, '0733 500 101', 'B2C7654321');
    await w.composed.sendOutboxNow();
    expect(settled.sellerPayout).toBe(63_375_00);
    // The inbox lists the newest first, and one dispatch pass sends several texts at once: compared as a set.
    const texts = w.sim.sms.messagesTo(seller.phone);
    expect(texts.map((m) => m.message).sort()).toEqual(
      [
        `Escrow Delivery: Payment of KSh 65,000.00 for order ${t} is confirmed by M-Pesa and held in escrow. Assign a rider now.`,
        `Escrow Delivery: Order ${t} was delivered and confirmed with the buyer's code. Your payout of KSh 63,375.00 is due next.`,
        `Escrow Delivery: Your payout of KSh 63,375.00 for order ${t} has been sent. Reference: B2C7654321.`,
      ].sort(),
    );
    expect(texts.every((m) => m.statusCode === 101)).toBe(true);
    // Each one segment, and none with the delivery code.
    expect(texts.every((m) => m.message.length <= 160)).toBe(true);
    expect(texts.map((m) => m.message).join('\n')).not.toMatch(new RegExp(`(?<!\\d)${order.deliveryCode}(?!\\d)`));

    const outbox = await outboxFor(seller, t);
    expect(outbox.map((p) => `${String(p['channel'])}: ${String(p['subject'])}`)).toEqual(['sms: Payment confirmed', 'sms: Order delivered', 'sms: Payout sent']);
    expect(outbox.every((p) => p.delivered)).toBe(true);
    expect(await consoleEmailsTo(seller.email, t)).toEqual([]);
  });

  it('SMS and email (every seller until they choose): both; email only: the email alone', { timeout: 60_000 }, async () => {
    const both = await sellerWithOwnPhone('Both Ways Boutique');
    expect((await http('GET', '/api/seller/profile', { cookie: both.cookie })).body.data).toMatchObject({ notifyBySms: true, notifyByEmail: true });
    const bothOrder = await paidOrder(both);
    await w.composed.sendOutboxNow();
    expect(w.sim.sms.messagesTo(both.phone).map((m) => m.message)).toEqual([expect.stringContaining('is confirmed by M-Pesa and held in escrow. Assign a rider now.')]);
    // The new order's receipt goes by email only: the seller has just made the order on the screen.
    expect((await outboxFor(both, bothOrder.trackingNumber)).map((p) => `${String(p['channel'])}: ${String(p['subject'])}`)).toEqual(['email: New order created', 'email: Payment confirmed', 'sms: Payment confirmed']);
    expect(await consoleEmailsTo(both.email, bothOrder.trackingNumber)).toEqual([expect.stringContaining('subject="New order created"'), expect.stringContaining('subject="Payment confirmed"')]);

    const mailOnly = await sellerWithOwnPhone('Mail Only Shoes');
    await choose(mailOnly, { notifyBySms: false, notifyByEmail: true });
    const order = await paidOrder(mailOnly);
    await deliverAndSettle(mailOnly, order.id, '0733 500 102', 'B2C7654322');
    await w.composed.sendOutboxNow();
    expect(w.sim.sms.messagesTo(mailOnly.phone)).toEqual([]);
    expect((await outboxFor(mailOnly, order.trackingNumber)).map((p) => `${String(p['channel'])}: ${String(p['subject'])}`)).toEqual([
      'email: New order created', 'email: Payment confirmed', 'email: Order delivered', 'email: Payout sent',
    ]);
    const payout = (await consoleEmailsTo(mailOnly.email, order.trackingNumber)).find((line) => line.includes('subject="Payout sent"'));
    expect(payout).toContain('subject="Payout sent"');
    expect(payout).toContain(`Your payout of KSh 63,375.00 for order ${order.trackingNumber} (iPhone 13) has been sent. Reference: B2C7654322.`);
  });
});
