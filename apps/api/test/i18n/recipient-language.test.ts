import { recordC2bPayment, type Cents, type Order } from '@escrow/core';
import { testReceipt } from '@escrow/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, idempotencyKey, openSellerWorld, ORDER_FORM, orderForm, type SellerSession, type SellerWorld } from '../escrow-seller/seller-world.js';

/**
 * Every SMS and email in its recipient's language (issue 19, decision 0066), over the API as
 * production composes it, on SQLite and PostgreSQL: the buyer's language chosen by the seller on
 * the order and then by the buyer's own switch, the rider's by the rider's switch, the account
 * emails by the request's language. The texts are read from the outbox, as they will be sent.
 */
const PAYER = '254722000333';
const PAYER_E164 = '+254722000333';

describe.each(DIALECTS)('messages in the recipient\'s language (%s)', (dialect) => {
  let w: SellerWorld;
  let seller: SellerSession;
  beforeAll(async () => {
    w = await openSellerWorld(dialect, { env: { PUBLIC_BASE_URL: 'http://localhost' } });
    seller = await w.seller();
  }, 60_000);
  afterAll(async () => w?.dispose());

  /** Every notification written to the outbox so far, oldest first. */
  const outbox = async (): Promise<{ channel: string; to: string; subject: string; body: string }[]> => {
    const rows = await w.composed.database.db.selectFrom('outbox').select(['payload', 'created_at']).orderBy('created_at').execute();
    return rows.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload));
  };
  const textsTo = async (phone: string) => (await outbox()).filter((n) => n.channel === 'sms' && n.to === phone).map((n) => n.body);
  const emailsTo = async (to: string) => (await outbox()).filter((n) => n.channel === 'email' && n.to === to);

  /** An order made on the seller's form (with the buyer's language when given), then paid by M-Pesa from the payer's phone. */
  async function paidOrder(buyerLocale?: string): Promise<Order> {
    const fields: Record<string, string> = { ...ORDER_FORM, ...(buyerLocale ? { buyerLocale } : {}) };
    const created = await w.call('POST', '/api/seller/orders', { cookie: seller.cookie, form: orderForm(fields), headers: idempotencyKey() });
    expect(created.status, created.text).toBe(201);
    const order = await w.reload(String(created.body.data.order.id));
    const paid = await recordC2bPayment(w.deps, { transId: testReceipt(), billRefNumber: order.trackingNumber, amount: order.price as Cents, msisdn: PAYER, payerName: 'ACHIENG', businessShortCode: '174379', transTime: '20261128120000' });
    expect(paid).toMatchObject({ ok: true });
    return w.reload(order.id);
  }
  const codeSms = async (order: Order) => (await textsTo(PAYER_E164)).filter((text) => text.includes(order.trackingNumber) && text.includes(order.deliveryCode));
  const asBuyer = (order: Order, key = order.buyerViewKey) => ({ 'x-delivery-code': key, ...idempotencyKey() });

  it('sends the delivery code to the payer in the buyer\'s language the seller chose; English when the seller chose none', async () => {
    const swahili = await paidOrder('sw');
    expect(swahili.buyerLocale).toBe('sw');
    expect(await codeSms(swahili)).toEqual([`Escrow Delivery: Tumepokea KSh 65,000.00 ya oda ${swahili.trackingNumber}. Msimbo wako wa uwasilishaji ni ${swahili.deliveryCode}. Mpe msafirishaji baada tu ya kukagua bidhaa.`]);

    const english = await paidOrder();
    expect(english.buyerLocale).toBe('en');
    expect(await codeSms(english)).toEqual([`Escrow Delivery: KSh 65,000.00 received for order ${english.trackingNumber}. Your delivery code is ${english.deliveryCode}. Give it to the rider only after you check the item.`]);
    // The seller's own view of the order says which language the buyer's texts go in.
    for (const [order, locale] of [[english, 'en'], [swahili, 'sw']] as const) {
      const view = await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie });
      expect(view.status).toBe(200);
      expect(view.body.data.buyerLocale).toBe(locale);
    }
  });

  it("the buyer's switch changes the language of the texts that follow; the rider's switch the rider's", async () => {
    const order = await paidOrder();
    const switched = await w.call('PUT', `/api/buyer/orders/${order.id}/locale`, { json: { locale: 'sw' }, headers: asBuyer(order) });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.data).toEqual({ locale: 'sw' });
    expect((await w.reload(order.id)).buyerLocale).toBe('sw');
    // The seller sees the buyer's own choice.
    expect((await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie })).body.data.buyerLocale).toBe('sw');
    // Again: nothing more changes.
    expect((await w.call('PUT', `/api/buyer/orders/${order.id}/locale`, { json: { locale: 'sw' }, headers: asBuyer(order) })).status).toBe(200);

    const riderPhone = '+254733444777';
    const assigned = await w.call('POST', `/api/seller/orders/${order.id}/rider`, { cookie: seller.cookie, json: { newRiderName: 'Kamau', newRiderPhone: '0733 444 777' }, headers: idempotencyKey() });
    expect(assigned.status, assigned.text).toBe(200);
    const toBuyer = (await textsTo(PAYER_E164)).filter((text) => text.includes(order.trackingNumber) && !text.includes(order.deliveryCode));
    expect(toBuyer).toEqual([`Escrow Delivery: Msafirishaji Kamau, 0733444777, ataleta oda yako ${order.trackingNumber}. Toa msimbo wa uwasilishaji baada tu ya kukagua bidhaa.`]);
    // The rider has said nothing yet: English.
    expect((await textsTo(riderPhone)).at(-1)).toMatch(new RegExp(`^Escrow Delivery: New job ${order.trackingNumber}: `));

    // The rider switches to Swahili on the job's page (the link's phone and key), and is taken off: told in Swahili.
    const { riderKey } = await w.reload(order.id);
    const riderSwitch = await w.call('PUT', `/api/rider/orders/${order.id}/locale`, { json: { locale: 'sw' }, headers: { 'x-rider-phone': riderPhone, 'x-rider-key': riderKey ?? '', ...idempotencyKey() } });
    expect(riderSwitch.status, riderSwitch.text).toBe(200);
    const removed = await w.call('DELETE', `/api/seller/orders/${order.id}/rider`, { cookie: seller.cookie, headers: idempotencyKey() });
    expect(removed.status, removed.text).toBe(200);
    expect((await textsTo(riderPhone)).at(-1)).toBe(`Escrow Delivery: Wewe si msafirishaji wa oda ${order.trackingNumber} tena; muuzaji amekuondoa. Kiungo chako cha oda hii hakifanyi kazi tena.`);
    // And the next job reaches the rider in Swahili too, on any order of a seller who lists the phone.
    const next = await paidOrder();
    expect((await w.call('POST', `/api/seller/orders/${next.id}/rider`, { cookie: seller.cookie, json: { newRiderName: 'Kamau', newRiderPhone: '0733 444 777' }, headers: idempotencyKey() })).status).toBe(200);
    expect((await textsTo(riderPhone)).at(-1)).toMatch(new RegExp(`^Escrow Delivery: Kazi mpya ${next.trackingNumber}: http://localhost/rider/`));
  });

  it("a stranger without the order's key cannot change its language; a wrong value is a clear 400, never a 500", async () => {
    const order = await paidOrder();
    const path = `/api/buyer/orders/${order.id}/locale`;
    const wrongKey = `${order.buyerViewKey.slice(0, -2)}xx`;
    const stranger = await w.call('PUT', path, { json: { locale: 'sw' }, headers: asBuyer(order, wrongKey) });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error?.code).toBe('BUYER_ORDER_NOT_FOUND');
    const noKey = await w.call('PUT', path, { json: { locale: 'sw' }, headers: idempotencyKey() });
    expect([400, 401, 403, 404]).toContain(noKey.status);
    const riderStranger = await w.call('PUT', `/api/rider/orders/${order.id}/locale`, { json: { locale: 'sw' }, headers: { 'x-rider-phone': '+254733000000', 'x-rider-key': 'a'.repeat(22), ...idempotencyKey() } });
    expect(riderStranger.status).toBe(404);
    expect((await w.reload(order.id)).buyerLocale).toBe('en');

    for (const body of [{ locale: 'fr' }, { locale: 'SW' }, { locale: 5 }, { locale: null }, {}]) {
      const bad = await w.call('PUT', path, { json: body, headers: asBuyer(order) });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Please choose English or Swahili' });
    }
    // A body that is no object at all is the form's general 400.
    for (const body of [['sw'], 'sw', null]) {
      const bad = await w.call('PUT', path, { json: body, headers: asBuyer(order) });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error?.code).toBe('VALIDATION_FAILED');
    }
    // In Swahili for a Swahili page.
    const swahili = await w.call('PUT', path, { json: { locale: 'fr' }, headers: { ...asBuyer(order), cookie: 'escrow_lang=sw' } });
    expect(swahili.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Tafadhali chagua Kiingereza au Kiswahili' });
    const notJson = await w.call('PUT', path, { body: 'locale=sw', headers: { ...asBuyer(order), 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    const badForm = await w.call('POST', '/api/seller/orders', { cookie: seller.cookie, form: orderForm({ ...ORDER_FORM, buyerLocale: 'de' }), headers: idempotencyKey() });
    expect(badForm.status).toBe(400);
    expect(badForm.body.error?.message).toBe("Please choose the buyer's language: English or Swahili");
    const badAccount = await w.call('PUT', '/api/auth/locale', { cookie: seller.cookie, json: { locale: 'xx' } });
    expect(badAccount.status).toBe(400);
    expect((await w.call('PUT', '/api/auth/locale', { json: { locale: 'sw' } })).status).toBe(401);
    expect((await w.reload(order.id)).buyerLocale).toBe('en');
  });

  it("a password reset asked for in Swahili arrives in Swahili; in English otherwise; the seller's texts follow the account's language", async () => {
    const account = await w.account();
    const asked = await w.call('POST', '/api/auth/send-password-reset-code', { json: { email: account.email }, headers: { cookie: 'escrow_lang=sw' } });
    expect(asked.status, asked.text).toBe(200);
    const [swahili] = await emailsTo(account.email).then((emails) => emails.filter((e) => e.subject.includes('kuweka upya')));
    expect(swahili?.subject).toMatch(/^Msimbo wako wa kuweka upya nenosiri la Escrow Delivery: \d{6}$/);
    expect(swahili?.body).toMatch(/^Msimbo wako wa kuweka upya nenosiri ni: \d{6}\n/);

    const byBrowser = await w.call('POST', '/api/auth/send-password-reset-code', { json: { email: account.email }, headers: { 'accept-language': 'en-KE,en;q=0.9' } });
    expect(byBrowser.status).toBe(200);
    expect((await emailsTo(account.email)).at(-1)?.subject).toMatch(/^Your Escrow Delivery password reset code: \d{6}$/);

    // The seller switches to Swahili: the seller's notifications about orders are written in it.
    const switched = await w.call('PUT', '/api/auth/locale', { cookie: seller.cookie, json: { locale: 'sw' } });
    expect(switched.status, switched.text).toBe(200);
    const order = await paidOrder();
    const confirmed = (await emailsTo(seller.email)).filter((e) => e.body.includes(order.trackingNumber));
    expect(confirmed.map((e) => e.subject)).toEqual(['Oda mpya imeundwa', 'Malipo yamethibitishwa']);
    await w.call('PUT', '/api/auth/locale', { cookie: seller.cookie, json: { locale: 'en' } });
  });

  it("each admin is told of a Paybill change in their own account's language", async () => {
    const english = await w.admin();
    const swahili = await w.admin();
    expect((await w.call('PUT', '/api/auth/locale', { cookie: swahili.cookie, json: { locale: 'sw' } })).status).toBe(200);
    const saved = await w.call('PUT', '/api/admin/payment-config', { cookie: english.cookie, json: { businessNumber: '247247', accountNumber: 'ESCROW-01', accountName: 'Sokoni Escrow Ltd' }, headers: idempotencyKey() });
    expect(saved.status, saved.text).toBe(200);
    // The newest: each admin got a welcome when their account was opened.
    const toEnglish = (await emailsTo(english.email)).at(-1);
    const toSwahili = (await emailsTo(swahili.email)).at(-1);
    expect(toEnglish?.subject).toBe('Paybill details changed');
    expect(toSwahili?.subject).toBe('Maelezo ya Paybill yamebadilishwa');
    expect(toSwahili?.body).toContain(`Paybill wanayoonyeshwa wanunuzi ilibadilishwa na ${english.email} `);
    expect(toSwahili?.body).toContain('Sasa: nambari ya biashara 247247, akaunti ESCROW-01, Sokoni Escrow Ltd');
  });
});
