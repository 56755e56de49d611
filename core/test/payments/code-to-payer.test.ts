import { describe, expect, it } from 'vitest';
import {
  completeDelivery,
  confirmPayment,
  createOrder,
  getBuyerOrder,
  holdsDeliveryCode,
  recordC2bPayment,
  recordStkCallback,
  requestRefund,
  requestStkPayment,
  resendDeliveryCode,
  assignRider,
  riderPhoneProven,
  smsLength,
  takeAvailableJob,
  acceptJob,
  confirmPickup,
  unlockDeliveryCode,
  type Actor,
  type Cents,
  type CreateOrderInput,
  type Order,
} from '../../src/index.js';
import { admin, memoryWorld, orderInput, riderOf, seller, value } from '../support/world.js';
import { ScriptedMpesa } from './scripted-mpesa.js';

/**
 * The delivery code reaches only the payer (issue 16; PRODUCT-DECISIONS, Real money): the link
 * the seller shares carries a view key that shows the order and takes the payment; the code is
 * sent by SMS to the phone that paid and shown in the browser that paid.
 */
/** seller-a's phone (memoryWorld): they chose SMS and email, so they get texts too. */
const SELLER_PHONE = '+254711111111';
/** The buyer's phone as the seller typed it on the order (orderInput). */
const BUYER_PHONE = '+254722000111';

function world(extra: Partial<CreateOrderInput> = {}) {
  const ctx = memoryWorld();
  const mpesa = new ScriptedMpesa();
  const deps = { ...ctx.deps, mpesa };
  const allSms = () => [...ctx.store.state.outbox.values()].map((m) => m.payload).filter((p) => p['channel'] === 'sms');
  // The buyer's side; the seller's own texts (payment confirmed, delivered: decision 0048) apart.
  const sms = () => allSms().filter((p) => p['to'] !== SELLER_PHONE);
  const sellerSms = () => allSms().filter((p) => p['to'] === SELLER_PHONE);
  return { ...ctx, deps, mpesa, sms, sellerSms, create: async () => value(await createOrder(deps, { actor: seller, input: { ...orderInput, ...extra } })) };
}

const viewer = (order: Order, payerToken?: string): Actor => ({ kind: 'buyer', viewKey: order.buyerViewKey, ...(payerToken ? { payerToken } : {}) });
const reload = async (w: ReturnType<typeof world>, order: Order) => (await w.deps.store.read((tx) => tx.orders.get(order.id)))!;

const callback = (checkoutRequestId: string, amount: number) => ({
  checkoutRequestId,
  merchantRequestId: 'm-1',
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  receipt: 'NLJ7RT61SV',
  amount: amount as Cents,
  phone: '254722000111',
});

describe('view keys: the shared link shows the order and takes the payment, never the code', () => {
  it('every order has its own 22-character view key; it opens the order, a wrong one does not', async () => {
    const w = world();
    const [a, b] = [await w.create(), await w.create()];
    expect(a.buyerViewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.buyerViewKey).not.toBe(b.buyerViewKey);
    expect(value(await getBuyerOrder(w.deps, { orderId: a.id, actor: viewer(a) })).order.id).toBe(a.id);
    expect(await getBuyerOrder(w.deps, { orderId: a.id, actor: viewer(b) })).toMatchObject({ ok: false, error: { code: 'BUYER_ORDER_NOT_FOUND' } });
    expect(holdsDeliveryCode(a, viewer(a))).toBe(false);
    // Old links that carry the real code keep working, and hold the code.
    expect(holdsDeliveryCode(a, { kind: 'buyer', deliveryCode: a.deliveryCode })).toBe(true);
  });

  it('the view key may pay (prompt or typed receipt) but not ask for a refund: that is the payer\'s', async () => {
    const w = world();
    const order = await w.create();
    const started = value(await requestStkPayment(w.deps, { orderId: order.id, actor: viewer(order), phone: '0722000111' }));
    expect(started.payerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    value(await recordStkCallback(w.deps, callback('ws_CO_1', order.price)));
    expect(await requestRefund(w.deps, { orderId: order.id, actor: viewer(order), reason: 'I want my money back' })).toMatchObject({ ok: false, error: { code: 'DELIVERY_CODE_NEEDED' } });
    // The browser that started the paid prompt holds the code.
    value(await requestRefund(w.deps, { orderId: order.id, actor: viewer(order, started.payerToken!), reason: 'The seller never sent a rider' }));
  });
});

describe('the code goes to the payer', () => {
  it('a paid prompt: the code is sent by SMS to the phone that entered the PIN, and the browser that asked is the payer\'s', async () => {
    const w = world();
    const order = await w.create();
    const started = value(await requestStkPayment(w.deps, { orderId: order.id, actor: viewer(order), phone: '0722 000 111' }));
    expect(w.sms()).toEqual([]);
    w.mpesa.answers.set('ws_CO_1', { status: 'final', resultCode: 0, resultDesc: 'ok' });
    value(await recordStkCallback(w.deps, callback('ws_CO_1', order.price)));
    const paid = await reload(w, order);
    expect(paid).toMatchObject({ status: 'paid', payerPhone: '+254722000111', payerToken: started.payerToken });
    expect(w.sms()).toEqual([expect.objectContaining({ channel: 'sms', to: '+254722000111', sensitive: true, body: expect.stringContaining(`Your delivery code is ${paid.deliveryCode}.`) })]);
    // The seller is texted that the money is in escrow, and never the code.
    expect(w.sellerSms()).toEqual([expect.objectContaining({ subject: 'Payment confirmed', body: expect.stringContaining('held in escrow') })]);
    expect(JSON.stringify(w.sellerSms())).not.toMatch(new RegExp(`(?<!\\d)${paid.deliveryCode}(?!\\d)`));
    expect(holdsDeliveryCode(paid, viewer(paid, started.payerToken!))).toBe(true);
    expect(holdsDeliveryCode(paid, viewer(paid, 'someone-elses-token-000000000000'))).toBe(false);
    expect(holdsDeliveryCode(paid, viewer(paid))).toBe(false);
  });

  it('a Paybill payment with a plain MSISDN: SMS to it; a masked one: no SMS, and typing the verified receipt makes this browser the payer\'s', async () => {
    const w = world();
    const [plain, masked] = [await w.create(), await w.create()];
    const pay = (order: Order, transId: string, msisdn: string) =>
      recordC2bPayment(w.deps, { transId, billRefNumber: order.trackingNumber, amount: order.price, msisdn, payerName: 'WANJIRU', businessShortCode: '174379', transTime: '20261125120000' });
    value(await pay(plain, 'PLN1234567', '254711222333'));
    value(await pay(masked, 'MSK1234567', '2547 ***** 126'));
    expect(w.sms().map((s) => s['to'])).toEqual(['+254711222333']);
    expect((await reload(w, masked)).payerPhone).toBeNull();

    // A made-up receipt binds nothing; the real one (only the payer's SMS shows it) does; typed again,
    // the order keeps that browser's token (another browser is not given it: payer-binding.test.ts).
    expect(await confirmPayment(w.deps, { orderId: masked.id, actor: viewer(masked), mpesaReceipt: 'FAKE123456', termsAccepted: true })).toMatchObject({ ok: false });
    expect((await reload(w, masked)).payerToken).toBeNull();
    const typed = value(await confirmPayment(w.deps, { orderId: masked.id, actor: viewer(masked), mpesaReceipt: 'msk1234567', termsAccepted: true }));
    expect(typed.payerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = value(await confirmPayment(w.deps, { orderId: masked.id, actor: viewer(masked), mpesaReceipt: 'MSK1234567', termsAccepted: true }));
    expect(again.payerToken).toBe(typed.payerToken);
    expect(holdsDeliveryCode(await reload(w, masked), viewer(masked, typed.payerToken!))).toBe(true);
  });

  it('cash orders: no escrow to protect, the code goes to the buyer\'s phone when the order is made', async () => {
    const w = world({ paymentMethod: 'cash', buyerCashAmount: 40_400_00 });
    const order = await w.create();
    expect(order.payerPhone).toBe('+254722000111');
    expect(w.sms()).toEqual([expect.objectContaining({ to: '+254722000111', sensitive: true, body: expect.stringContaining(order.deliveryCode) })]);
  });
});

describe("'Resend code'", () => {
  async function paidInTransit(w: ReturnType<typeof world>) {
    const order = await w.create();
    value(await recordC2bPayment(w.deps, { transId: 'PLN1234567', billRefNumber: order.trackingNumber, amount: order.price, msisdn: '254711222333', payerName: 'W', businessShortCode: '174379', transTime: '20261125120000' }));
    const assigned = value(await assignRider(w.deps, { orderId: order.id, actor: seller, rider: { riderId: 'rider-1' } }));
    value(await acceptJob(w.deps, { orderId: order.id, actor: riderOf(assigned) }));
    return value(await confirmPickup(w.deps, { orderId: order.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
  }

  it('sends the same code again, only to the phone that paid, whoever asks with the link', async () => {
    const w = world();
    const order = await paidInTransit(w);
    expect(value(await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) }))).toEqual({ sentTo: '07xx xxx 333', renewed: false });
    // The code's SMS (the rider-assigned and on-its-way texts carry no code).
    const sent = w.sms().filter((s) => String(s['body']).includes('delivery code is'));
    expect(sent).toHaveLength(2);
    expect(sent.every((s) => s['to'] === '+254711222333' && String(s['body']).includes(order.deliveryCode))).toBe(true);
    expect(await resendDeliveryCode(w.deps, { orderId: order.id, actor: seller })).toMatchObject({ ok: false });
  });

  it('after the seller\'s 3 unlocks are spent, a locked entry is opened only by a new code sent to the payer', async () => {
    const w = world();
    const order = await paidInTransit(w);
    const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
    const lock = async () => {
      for (let i = 0; i < 5; i += 1) await completeDelivery(w.deps, { orderId: order.id, actor: riderOf(order), code: wrong });
    };
    for (let i = 0; i < 3; i += 1) {
      await lock();
      value(await unlockDeliveryCode(w.deps, { orderId: order.id, actor: i === 1 ? admin : seller }));
    }
    await lock();
    expect(await unlockDeliveryCode(w.deps, { orderId: order.id, actor: seller })).toMatchObject({ ok: false, error: { code: 'UNLOCK_LIMIT_REACHED' } });
    expect(value(await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) }))).toMatchObject({ renewed: true });
    const renewed = await reload(w, order);
    expect(renewed).toMatchObject({ codeAttempts: 0, codeLockedAt: null });
    expect(renewed.deliveryCode).not.toBe(order.deliveryCode);
    expect(String(w.sms().at(-1)?.['body'])).toContain(renewed.deliveryCode);
    // The old code no longer works; the new one completes the delivery.
    expect(await completeDelivery(w.deps, { orderId: order.id, actor: riderOf(order), code: order.deliveryCode })).toMatchObject({ ok: false });
    value(await completeDelivery(w.deps, { orderId: order.id, actor: riderOf(order), code: renewed.deliveryCode }));
  });

  it('says in words when there is no phone to send to, and refuses before the payment is confirmed', async () => {
    const w = world();
    const order = await w.create();
    expect(await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) })).toMatchObject({ ok: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });
});

describe('the payer is told who comes, and when', () => {
  it('a rider assigned, then the pickup: an SMS each to the phone that paid, short and from the service', async () => {
    const w = world();
    const order = await w.create();
    value(await recordC2bPayment(w.deps, { transId: 'PLN7654321', billRefNumber: order.trackingNumber, amount: order.price, msisdn: '254711222444', payerName: 'W', businessShortCode: '174379', transTime: '20261125120000' }));
    const assigned = value(await assignRider(w.deps, { orderId: order.id, actor: seller, rider: { name: 'Kamau', phone: '0733 000 555' } }));
    value(await acceptJob(w.deps, { orderId: order.id, actor: riderOf(assigned) }));
    value(await confirmPickup(w.deps, { orderId: order.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
    const texts = w.sms().filter((s) => s['to'] === '+254711222444').map((s) => String(s['body']));
    expect(texts).toHaveLength(3);
    expect(texts[1]).toBe(`Escrow Delivery: Rider Kamau, 0733000555, will deliver your order ${order.trackingNumber}. Give the delivery code only after you check the item.`);
    expect(texts[2]).toContain(`Your order ${order.trackingNumber} is on its way.`);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(160);
    // Only the code's SMS is sensitive (erased once sent); these two carry no secret.
    expect(w.sms().filter((s) => s['to'] === '+254711222444').map((s) => s['sensitive'] === true)).toEqual([true, false, false]);
    // M-Pesa named the payer: nothing goes to the buyer's phone the seller typed.
    expect(w.sms().filter((s) => s['to'] === BUYER_PHONE)).toEqual([]);
  });

  it("no usable phone from M-Pesa (a masked MSISDN): the two texts go to the buyer's phone the seller typed, the code never does", async () => {
    const w = world();
    const order = await w.create();
    value(await recordC2bPayment(w.deps, { transId: 'MSK7654321', billRefNumber: order.trackingNumber, amount: order.price, msisdn: '2547 ***** 126', payerName: 'W', businessShortCode: '174379', transTime: '20261125120000' }));
    expect((await reload(w, order)).payerPhone).toBeNull();
    expect(w.sms()).toEqual([]);
    const assigned = value(await assignRider(w.deps, { orderId: order.id, actor: seller, rider: { name: 'Kamau', phone: '0733 000 555' } }));
    value(await acceptJob(w.deps, { orderId: order.id, actor: riderOf(assigned) }));
    // 'Resend code' with the link: there is no payer's phone to send to, and the buyer's phone is not one.
    await resendDeliveryCode(w.deps, { orderId: order.id, actor: viewer(order) });
    value(await confirmPickup(w.deps, { orderId: order.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));

    const toBuyer = w.sms().filter((s) => s['to'] === BUYER_PHONE);
    expect(toBuyer.map((s) => String(s['body']))).toEqual([
      `Escrow Delivery: Rider Kamau, 0733000555, will deliver your order ${order.trackingNumber}. Give the delivery code only after you check the item.`,
      `Escrow Delivery: Your order ${order.trackingNumber} is on its way. Have your delivery code ready, and check the item before you give it.`,
    ]);
    expect(toBuyer.some((s) => s['sensitive'] === true)).toBe(false);
    // The code reaches no phone at all: the payer types the receipt on the page to see it (decision 0047).
    const code = new RegExp(`(?<!\\d)${order.deliveryCode}(?!\\d)`);
    expect(w.sms().filter((s) => code.test(String(s['body'])))).toEqual([]);
  });
});

describe('the rider gets the job by SMS (issue 16)', () => {
  const LINK_BASE = 'https://escrow.example.co.ke';
  const paid = async (w: ReturnType<typeof world>) => {
    const order = await w.create();
    value(await recordC2bPayment(w.deps, { transId: 'PLN7654322', billRefNumber: order.trackingNumber, amount: order.price, msisdn: '254711222444', payerName: 'W', businessShortCode: '174379', transTime: '20261125120000' }));
    return order;
  };
  const textsTo = (w: ReturnType<typeof world>, phone: string) => w.sms().filter((s) => s['to'] === phone);

  it('on assignment: the rider link, sensitive (it holds the rider key), and it opens the job', async () => {
    const w = world();
    const deps = { ...w.deps, linkBase: LINK_BASE };
    const order = await paid(w);
    const assigned = value(await assignRider(deps, { orderId: order.id, actor: seller, rider: { name: 'Kamau', phone: '0733 000 555' } }));
    const [job, ...more] = textsTo(w, '+254733000555');
    expect(more).toEqual([]);
    expect(job).toMatchObject({ channel: 'sms', sensitive: true });
    const body = String(job?.['body']);
    expect(body).toBe(`Escrow Delivery: New job ${order.trackingNumber}: ${LINK_BASE}/rider/${encodeURIComponent(order.id)}?phone=%2B254733000555&key=${assigned.riderKey}`);
    expect(smsLength(body)).toMatchObject({ encoding: 'gsm7' });
    expect(smsLength(body).units).toBeLessThanOrEqual(160);
    // The link's key is the rider's: it accepts the job.
    const link = new URL(/https:\S+/.exec(body)?.[0] ?? '');
    const rider: Actor = { kind: 'rider', phone: link.searchParams.get('phone') ?? '', key: link.searchParams.get('key') ?? '' };
    expect(await acceptJob(deps, { orderId: decodeURIComponent(link.pathname.split('/')[2] ?? ''), actor: rider })).toMatchObject({ ok: true });
    // Never the buyer's code.
    expect(body).not.toContain(order.deliveryCode);
  });

  it('a new rider: the old one is told the link stopped working, the new one gets a new link; no link base, no link', async () => {
    const w = world();
    const deps = { ...w.deps, linkBase: LINK_BASE };
    const order = await paid(w);
    const first = value(await assignRider(deps, { orderId: order.id, actor: seller, rider: { name: 'Kamau', phone: '0733 000 555' } }));
    const second = value(await assignRider(deps, { orderId: order.id, actor: seller, rider: { name: 'Otieno', phone: '0744 000 666' } }));
    const toFirst = textsTo(w, '+254733000555').map((s) => String(s['body']));
    expect(toFirst).toHaveLength(2);
    expect(toFirst[1]).toBe(`Escrow Delivery: You are no longer the rider for order ${order.trackingNumber}; the seller took you off it. Your link to it no longer works.`);
    expect(toFirst[1]?.length).toBeLessThanOrEqual(160);
    expect(String(textsTo(w, '+254744000666')[0]?.['body'])).toContain(`key=${second.riderKey}`);
    expect(first.riderKey).not.toBe(second.riderKey);
    // The old link is dead.
    expect(await acceptJob(deps, { orderId: order.id, actor: riderOf(first) })).toMatchObject({ ok: false });
    // Without a link base (embedders, the CLI) the rider gets nothing: the seller shares the link.
    const bare = world();
    const other = await paid(bare);
    value(await assignRider(bare.deps, { orderId: other.id, actor: seller, rider: { name: 'Kamau', phone: '0733 000 555' } }));
    expect(textsTo(bare, '+254733000555')).toEqual([]);
  });

  it('a listed rider who takes the job with a proven phone gets its link too, and the payer is told who comes', async () => {
    const w = world();
    const deps = { ...w.deps, linkBase: LINK_BASE };
    const order = await paid(w);
    const actor: Actor = { kind: 'rider', phone: '+254733333333', phoneProven: true };
    expect(riderPhoneProven(actor)).toBe(true);
    const taken = value(await takeAvailableJob(deps, { orderId: order.id, actor }));
    expect(String(textsTo(w, '+254733333333')[0]?.['body'])).toContain(`key=${taken.riderKey}`);
    expect(textsTo(w, '+254711222444').map((s) => String(s['body']))).toContain(`Escrow Delivery: Rider Kamau, 0733333333, will deliver your order ${order.trackingNumber}. Give the delivery code only after you check the item.`);
  });
});
