import { describe, expect, it } from 'vitest';
import {
  acceptJob,
  assignRider,
  bindPayerBrowser,
  completeDelivery,
  confirmPaymentOnBuyerPage,
  confirmPickup,
  createOrder,
  holdsDeliveryCode,
  MAX_CODE_RENEWALS,
  maskedReceipt,
  mayBindPayer,
  recordC2bPayment,
  recordStkCallback,
  requestStkPayment,
  resendDeliveryCode,
  sellerOrderView,
  unlockDeliveryCode,
  type Actor,
  type Cents,
  type Order,
} from '../../src/index.js';
import { admin, memoryWorld, orderInput, riderOf, seller, value } from '../support/world.js';
import { ScriptedMpesa } from './scripted-mpesa.js';

/**
 * Who becomes the payer's browser (decision 0047, issue 16). The seller holds the shared link,
 * so the seller must never become the payer: not by typing a receipt they were shown or sent,
 * not by starting the prompt from their own signed-in browser, and never by taking over a
 * browser bound before. And a locked code is renewed only so many times.
 */
function world() {
  const ctx = memoryWorld();
  const mpesa = new ScriptedMpesa();
  const deps = { ...ctx.deps, mpesa };
  const sms = () => [...ctx.store.state.outbox.values()].map((m) => m.payload).filter((p) => p['channel'] === 'sms');
  return { ...ctx, deps, mpesa, sms, create: async () => value(await createOrder(deps, { actor: seller, input: orderInput })) };
}
type World = ReturnType<typeof world>;

const viewer = (order: Order, payerToken?: string): Actor => ({ kind: 'buyer', viewKey: order.buyerViewKey, ...(payerToken ? { payerToken } : {}) });
const reload = async (w: World, order: Order) => (await w.deps.store.read((tx) => tx.orders.get(order.id)))!;
const SELLER_SIGNED_IN = { sellerId: 'seller-a', admin: false };
const ADMIN_SIGNED_IN = { sellerId: null, admin: true };
const OTHER_SELLER_SIGNED_IN = { sellerId: 'seller-b', admin: false };

/** A Paybill payment M-Pesa confirmed, from a phone it names (`msisdn`) or masks. */
const payByPaybill = async (w: World, order: Order, transId: string, msisdn = '2547 ***** 126') =>
  value(await recordC2bPayment(w.deps, { transId, billRefNumber: order.trackingNumber, amount: order.price, msisdn, payerName: 'WANJIRU', businessShortCode: '174379', transTime: '20261125120000' }));

const typeReceipt = (w: World, order: Order, receipt: string, signedIn: { sellerId: string | null; admin: boolean } | null = null, payerToken?: string) =>
  confirmPaymentOnBuyerPage(w.deps, { orderId: order.id, actor: viewer(order, payerToken), mpesaReceipt: receipt, termsAccepted: true, signedIn });

describe('the typed receipt of a verified payment binds the first browser only', () => {
  it('the first browser to type it becomes the payer\'s; a second one typing the same receipt is not, and the first keeps it', async () => {
    const w = world();
    const order = await w.create();
    await payByPaybill(w, order, 'MSK1234567');
    const first = value(await typeReceipt(w, order, 'MSK1234567'));
    expect(first.payerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.order.payerToken).toBe(first.payerToken);
    // The receipt was forwarded to the seller as proof of payment; they type it from another browser.
    const second = value(await typeReceipt(w, order, 'msk1234567'));
    expect(second.payerToken).toBeNull();
    const paid = await reload(w, order);
    expect(paid.payerToken).toBe(first.payerToken);
    expect(holdsDeliveryCode(paid, viewer(paid, first.payerToken!))).toBe(true);
    // The first browser typing it again is still the payer's (its cookie), and is given nothing new.
    const again = value(await typeReceipt(w, order, 'MSK1234567', null, first.payerToken!));
    expect(again.payerToken).toBeNull();
    expect(holdsDeliveryCode(again.order, viewer(again.order, first.payerToken!))).toBe(true);
  });

  it('a browser bound at the prompt is never handed over to one that types the prompt\'s receipt', async () => {
    const w = world();
    const order = await w.create();
    const started = value(await requestStkPayment(w.deps, { orderId: order.id, actor: viewer(order), phone: '0722000111' }));
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    value(await recordStkCallback(w.deps, { checkoutRequestId: 'ws_CO_1', merchantRequestId: 'm-1', resultCode: 0, resultDesc: 'ok', receipt: 'NLJ7RT61SV', amount: order.price as Cents, phone: '254722000111' }));
    const typed = value(await typeReceipt(w, order, 'NLJ7RT61SV'));
    expect(typed.payerToken).toBeNull();
    expect((await reload(w, order)).payerToken).toBe(started.payerToken);
  });

  it('a browser signed in as the order\'s seller or an admin is never bound by a typed receipt; another seller\'s account is a buyer like any', async () => {
    const w = world();
    const [a, b] = [await w.create(), await w.create()];
    await payByPaybill(w, a, 'SLR1234567');
    await payByPaybill(w, b, 'OTH1234567');
    expect(value(await typeReceipt(w, a, 'SLR1234567', SELLER_SIGNED_IN)).payerToken).toBeNull();
    expect(value(await typeReceipt(w, a, 'SLR1234567', ADMIN_SIGNED_IN)).payerToken).toBeNull();
    expect((await reload(w, a)).payerToken).toBeNull();
    // The payer's own browser, typing it from the M-Pesa SMS, is still bound afterwards.
    expect(value(await typeReceipt(w, a, 'SLR1234567')).payerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(value(await typeReceipt(w, b, 'OTH1234567', OTHER_SELLER_SIGNED_IN)).payerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('a prompt started from a browser signed in as the order\'s seller binds no browser: the code goes by SMS to the phone that paid, only', async () => {
    const w = world();
    const order = await w.create();
    const started = value(await requestStkPayment(w.deps, { orderId: order.id, actor: viewer(order), phone: '0722000111', signedIn: SELLER_SIGNED_IN }));
    expect(started.payerToken).toBeNull();
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    value(await recordStkCallback(w.deps, { checkoutRequestId: 'ws_CO_1', merchantRequestId: 'm-1', resultCode: 0, resultDesc: 'ok', receipt: 'NLJ7RT61SW', amount: order.price as Cents, phone: '254722000111' }));
    const paid = await reload(w, order);
    expect(paid).toMatchObject({ status: 'paid', payerToken: null, payerPhone: '+254722000111' });
    expect(w.sms().filter((s) => s['to'] === '+254722000111' && String(s['body']).includes(paid.deliveryCode))).toHaveLength(1);
    // The phone has the code: its receipt, typed anywhere, binds no browser.
    expect(value(await typeReceipt(w, order, 'NLJ7RT61SW')).payerToken).toBeNull();
  });

  it('a Paybill payment from a phone M-Pesa names: the code went there by SMS, and its receipt (forwarded to the seller, say) binds no browser', async () => {
    const w = world();
    const order = await w.create();
    await payByPaybill(w, order, 'PLN1234567', '254711222333');
    expect(value(await typeReceipt(w, order, 'PLN1234567')).payerToken).toBeNull();
    expect((await reload(w, order)).payerToken).toBeNull();
    expect(w.sms().filter((s) => s['to'] === '+254711222333' && String(s['body']).includes(order.deliveryCode))).toHaveLength(1);
  });

  it('mayBindPayer: no session, or another seller\'s, may; the order\'s seller and admins may not', () => {
    const order = { sellerId: 'seller-a' };
    expect(mayBindPayer(order, null)).toBe(true);
    expect(mayBindPayer(order, OTHER_SELLER_SIGNED_IN)).toBe(true);
    expect(mayBindPayer(order, { sellerId: null, admin: false })).toBe(true);
    expect(mayBindPayer(order, SELLER_SIGNED_IN)).toBe(false);
    expect(mayBindPayer(order, ADMIN_SIGNED_IN)).toBe(false);
    expect(mayBindPayer(order, { sellerId: 'seller-b', admin: true })).toBe(false);
  });
});

describe('the seller never reads the whole receipt', () => {
  it('the seller\'s order view masks the verified receipt and a claimed one; the claim\'s SMS and email name only its ending', async () => {
    const w = world();
    const [paid, claimed] = [await w.create(), await w.create()];
    await payByPaybill(w, paid, 'SEE1234567');
    const extras = { seller: null, feedback: null, openRefundRequest: null, riderPayments: [], links: { buyer: '', seller: '', rider: null } } as unknown as Parameters<typeof sellerOrderView>[1];
    const view = sellerOrderView(await reload(w, paid), extras);
    expect(view.mpesaReceipt).toBe('•••••••567');
    expect(JSON.stringify(view)).not.toContain('SEE1234567');

    value(await typeReceipt(w, claimed, 'CLM7654321'));
    const claimView = sellerOrderView(await reload(w, claimed), extras);
    expect(claimView.paymentClaimReceipt).toBe('•••••••321');
    expect(JSON.stringify(claimView)).not.toContain('CLM7654321');
    const told = [...w.store.state.outbox.values()].map((m) => JSON.stringify(m.payload)).filter((p) => p.includes('reports paying'));
    expect(told.length).toBeGreaterThan(0);
    for (const message of told) {
      expect(message).not.toContain('CLM7654321');
      expect(message).toContain('ending 321');
    }
  });

  it('maskedReceipt keeps the length and the last three characters', () => {
    expect(maskedReceipt('NLJ7RT61SV')).toBe('•••••••1SV');
    expect(maskedReceipt(null)).toBeNull();
  });
});

describe('a locked code is renewed at most MAX_CODE_RENEWALS times', () => {
  it('after 3 unlocks and 3 new codes, a locked entry stays locked: only an admin\'s refund resolves it', async () => {
    const w = world();
    const order = await w.create();
    await payByPaybill(w, order, 'RNW1234567', '254711222333');
    const assigned = value(await assignRider(w.deps, { orderId: order.id, actor: seller, rider: { riderId: 'rider-1' } }));
    value(await acceptJob(w.deps, { orderId: order.id, actor: riderOf(assigned) }));
    value(await confirmPickup(w.deps, { orderId: order.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
    const lock = async () => {
      const current = await reload(w, order);
      const wrong = current.deliveryCode === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i += 1) await completeDelivery(w.deps, { orderId: order.id, actor: riderOf(assigned), code: wrong });
      expect((await reload(w, order)).codeLockedAt).not.toBeNull();
    };
    for (let i = 0; i < 3; i += 1) {
      await lock();
      value(await unlockDeliveryCode(w.deps, { orderId: order.id, actor: i === 1 ? admin : seller }));
    }
    // Anyone with the link may ask for a new code, the seller included (it goes to the payer's phone).
    for (let i = 0; i < MAX_CODE_RENEWALS; i += 1) {
      await lock();
      expect(value(await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) }))).toMatchObject({ renewed: true });
    }
    await lock();
    expect(await unlockDeliveryCode(w.deps, { orderId: order.id, actor: seller })).toMatchObject({ ok: false, error: { code: 'UNLOCK_LIMIT_REACHED' } });
    expect(await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) })).toMatchObject({ ok: false, error: { code: 'CODE_RENEWAL_LIMIT_REACHED' } });
    const stuck = await reload(w, order);
    expect(stuck).toMatchObject({ status: 'in_transit' });
    expect(stuck.codeLockedAt).not.toBeNull();
    // Entry opened 6 times after the first lock: 7 rounds of 5 wrong codes, and none got through.
    const reopened = (await w.deps.store.read((tx) => tx.events.listByOrder(order.id))).filter((e) => e.action === 'unlock_code' || (e.action === 'resend_code' && e.data['renewed'] === true));
    expect(reopened).toHaveLength(6);
  });

  it('an unlocked entry\'s resend sends the same code and counts toward nothing', async () => {
    const w = world();
    const order = await w.create();
    await payByPaybill(w, order, 'RSN1234567', '254711222444');
    for (let i = 0; i < MAX_CODE_RENEWALS + 2; i += 1) expect(value(await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) }))).toMatchObject({ renewed: false });
    expect((await reload(w, order)).deliveryCode).toBe(order.deliveryCode);
  });
});

describe('the code from the SMS makes a browser the payer\'s (bindPayerBrowser)', () => {
  it('needs the code itself, after payment: a view key or a wrong code binds nothing; the code binds, sharing a token bound before', async () => {
    const w = world();
    const order = await w.create();
    const withCode = (code: string) => ({ kind: 'buyer' as const, deliveryCode: code });
    expect(await bindPayerBrowser(w.deps, { orderId: order.id, actor: withCode(order.deliveryCode), signedIn: null })).toMatchObject({ ok: false, error: { code: 'PAYMENT_NOT_CONFIRMED' } });
    await payByPaybill(w, order, 'SMS1234567', '254711222555');
    expect(await bindPayerBrowser(w.deps, { orderId: order.id, actor: viewer(order), signedIn: null })).toMatchObject({ ok: false, error: { code: 'DELIVERY_CODE_NEEDED' } });
    const wrong = order.deliveryCode === '000000' ? '000001' : '000000';
    expect(await bindPayerBrowser(w.deps, { orderId: order.id, actor: withCode(wrong), signedIn: null })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    expect((await reload(w, order)).payerToken).toBeNull();
    // The order's seller signed in on this browser: never bound, even with the code.
    expect(value(await bindPayerBrowser(w.deps, { orderId: order.id, actor: withCode(order.deliveryCode), signedIn: SELLER_SIGNED_IN }))).toEqual({ payerToken: null });
    const first = value(await bindPayerBrowser(w.deps, { orderId: order.id, actor: withCode(order.deliveryCode), signedIn: null }));
    expect(first.payerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(holdsDeliveryCode(await reload(w, order), viewer(order, first.payerToken!))).toBe(true);
    expect(value(await bindPayerBrowser(w.deps, { orderId: order.id, actor: withCode(order.deliveryCode), signedIn: null }))).toEqual(first);
  });
});
