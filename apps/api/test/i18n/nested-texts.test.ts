import { randomUUID } from 'node:crypto';
import {
  BUYER_STATUS_LABELS,
  BUYER_STATUS_LABELS_SW,
  cents,
  fillText,
  formatKsh,
  maskedPhone,
  PROGRESS_STEPS,
  PROGRESS_STEPS_SW,
  SELLER_PAYOUT_HOLDS,
  viewTexts,
  viewTextsSw,
  type Order,
  type Payout,
  type PayoutState,
  type StkRequest,
} from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, idempotencyKey, openSellerWorld, type SellerSession, type SellerWorld } from '../escrow-seller/seller-world.js';

const SWAHILI = { cookie: undefined, headers: { Cookie: 'escrow_lang=sw' } };

/**
 * Issue 19, decision 0067: every text the server writes into an answer, at any depth, in the
 * request's language: a status and its steps, the Paybill notice, a refund's, a payout's and an
 * M-Pesa prompt's state, a change's message. Codes and data stay the same; an Idempotency-Key's
 * stored answer stays English and each replay is in the language of the request that replays.
 */
describe.each(DIALECTS)("the texts inside the API's answers in the caller's language on %s", (dialect) => {
  let w: SellerWorld;
  let seller: SellerSession;
  beforeAll(async () => {
    w = await openSellerWorld(dialect);
    seller = await w.seller('Amani Phones');
  }, 60_000);
  afterAll(async () => w?.dispose());

  const buyerGet = (order: Order, path = '', swahili = false) =>
    w.call('GET', `/api/buyer/orders/${order.id}${path}`, { headers: { 'x-delivery-code': order.deliveryCode, ...(swahili ? { 'Accept-Language': 'sw-KE,sw;q=0.9' } : {}) } });
  const sellerGet = (order: Order, swahili: boolean) => w.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie, headers: swahili ? SWAHILI.headers : {} });
  const insertPayout = async (order: Order, state: PayoutState, changes: Partial<Payout> = {}) => {
    const now = new Date();
    const payout: Payout = {
      id: randomUUID(), orderId: order.id, purpose: 'seller', amount: order.sellerPayout, state, destination: null, attempt: 0, originatorConversationId: null, conversationId: null,
      receipt: null, receiverName: null, problem: null, nextAttemptAt: null, queueTimeoutAt: null, statusChecks: 0, decidedBy: null,
      createdAt: now, updatedAt: now, completedAt: null, version: 1, ...changes,
    };
    await w.deps.store.transaction((tx) => tx.payouts.insert(payout));
    return payout;
  };
  const changePayout = (id: string, changes: Partial<Payout>) =>
    w.deps.store.transaction(async (tx) => {
      const current = await tx.payouts.get(id);
      if (!current || !(await tx.payouts.update(id, current.version, changes))) throw new Error('payout moved');
    });

  it("the buyer's status, its four steps and the Paybill notice; the rest of the answer is the same", async () => {
    const order = await w.order(seller);
    const english = await buyerGet(order);
    const swahili = await buyerGet(order, '', true);
    expect(english.status).toBe(200);
    expect(swahili.status).toBe(200);
    expect(english.body.data).toMatchObject({ statusLabel: BUYER_STATUS_LABELS.awaiting_payment, steps: PROGRESS_STEPS.map((label) => ({ label, done: false })) });
    expect(swahili.body.data).toMatchObject({ statusLabel: BUYER_STATUS_LABELS_SW.awaiting_payment, steps: PROGRESS_STEPS_SW.map((label) => ({ label, done: false })) });
    // Codes and data as they are: only the texts differ.
    const { statusLabel: _en, steps: _enSteps, ...englishData } = english.body.data;
    const { statusLabel: _sw, steps: _swSteps, ...swahiliData } = swahili.body.data;
    expect(swahiliData).toEqual(englishData);
    expect(swahili.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('a change answered in Swahili is stored in English: each replay of its key is in the language of the replay', async () => {
    const order = await w.paid(seller);
    const key = idempotencyKey();
    const request = (headers: Record<string, string>) =>
      w.call('POST', `/api/buyer/orders/${order.id}/refund-request`, { headers: { 'x-delivery-code': order.deliveryCode, ...key, ...headers }, json: { reason: 'The item never came' } });
    const first = await request(SWAHILI.headers);
    expect(first.status).toBe(201);
    expect(first.body.data.message).toBe(viewTextsSw.answers.refundRequested);
    const replayedInEnglish = await request({});
    expect(replayedInEnglish.status).toBe(201);
    expect(replayedInEnglish.body.data).toEqual({ ...first.body.data, message: viewTexts.answers.refundRequested });
    const replayedInSwahili = await request(SWAHILI.headers);
    expect(replayedInSwahili.body.data).toEqual(first.body.data);
  });

  it("a refund's state on the buyer's page: refunded by hand, sent with its receipt, delayed, on its way", async () => {
    const order = await w.paid(seller);
    const admin = await w.admin();
    expect((await w.call('POST', `/api/buyer/orders/${order.id}/refund-request`, { headers: { 'x-delivery-code': order.deliveryCode, ...idempotencyKey() }, json: { reason: 'The item never came' } })).status).toBe(201);
    const open = await w.deps.store.read((tx) => tx.refunds.findOpenByOrder(order.id));
    const reference = `R${randomUUID().replace(/-/g, '').toUpperCase().slice(0, 9)}`;
    const resolved = await w.call('POST', `/api/admin/refund-requests/${open!.id}/resolve`, { cookie: admin.cookie, json: { decision: 'refund', mpesaReference: reference } });
    expect(resolved.status).toBe(200);
    const paidBy = (await w.reload(order.id)).payerPhone;
    const values = { amount: formatKsh(order.price), phone: paidBy ? maskedPhone(paidBy) : '', receipt: reference };
    // Refunded by hand (payouts by M-Pesa are off here): the admin recorded it as sent.
    expect((await buyerGet(order)).body.data.refund).toMatchObject({ state: 'sent', message: fillText(viewTexts.refund.refundedByHand, values) });
    expect((await buyerGet(order, '', true)).body.data.refund).toMatchObject({ state: 'sent', message: fillText(viewTextsSw.refund.refundedByHand, values) });

    // Paid by M-Pesa, with its receipt.
    const refund = (await w.deps.store.read((tx) => tx.payouts.listByOrder(order.id))).find((p) => p.purpose === 'refund') ?? (await insertPayout(order, 'succeeded', { purpose: 'refund', amount: order.price, receipt: reference }));
    await changePayout(refund.id, { state: 'succeeded', receipt: reference });
    const [sentEn, sentSw] = paidBy ? [viewTexts.refund.sentToPhoneWithReceipt, viewTextsSw.refund.sentToPhoneWithReceipt] : [viewTexts.refund.sentWithReceipt, viewTextsSw.refund.sentWithReceipt];
    const english = await buyerGet(order);
    const swahili = await buyerGet(order, '', true);
    expect(english.body.data.refund).toEqual({ state: 'sent', amount: order.price, receipt: reference, message: fillText(sentEn, values) });
    expect(swahili.body.data.refund).toEqual({ ...english.body.data.refund, message: fillText(sentSw, values) });
    expect(swahili.body.data.statusLabel).toBe(BUYER_STATUS_LABELS_SW.cancelled);

    await changePayout(refund.id, { state: 'failed', receipt: null });
    expect((await buyerGet(order)).body.data.refund).toMatchObject({ state: 'delayed', message: fillText(viewTexts.refund.delayed, values) });
    expect((await buyerGet(order, '', true)).body.data.refund).toMatchObject({ state: 'delayed', message: fillText(viewTextsSw.refund.delayed, values) });
    await changePayout(refund.id, { state: 'queued' });
    const [wayEn, waySw] = paidBy ? [viewTexts.refund.onItsWayToPhone, viewTextsSw.refund.onItsWayToPhone] : [viewTexts.refund.onItsWay, viewTextsSw.refund.onItsWay];
    expect((await buyerGet(order)).body.data.refund.message).toBe(fillText(wayEn, values));
    expect((await buyerGet(order, '', true)).body.data.refund.message).toBe(fillText(waySw, values));
  });

  it("the seller's payout: held for a Paybill's account number, held for new details until a time, paid with its receipt", async () => {
    const { order } = await w.delivered(seller);
    const payout = (await w.deps.store.read((tx) => tx.payouts.listByOrder(order.id))).find((p) => p.purpose === 'seller') ?? (await insertPayout(order, 'queued'));
    await changePayout(payout.id, { state: 'queued', problem: SELLER_PAYOUT_HOLDS.paybillAccount, nextAttemptAt: new Date(Date.now() + 60_000) });
    expect((await sellerGet(order, false)).body.data.payout).toMatchObject({ state: 'held', message: viewTexts.payout.waitsForPaybillAccount });
    expect((await sellerGet(order, true)).body.data.payout).toMatchObject({ state: 'held', message: viewTextsSw.payout.waitsForPaybillAccount });

    const until = new Date('2026-11-29T00:48:10Z');
    await changePayout(payout.id, { problem: `Held until 2026-11-29 03:48:10 (Nairobi time): ${SELLER_PAYOUT_HOLDS.newDetails}`, nextAttemptAt: until });
    expect((await sellerGet(order, false)).body.data.payout.message).toBe(fillText(viewTexts.payout.heldForNewDetails, { until: '2026-11-29 03:48:10' }));
    expect((await sellerGet(order, true)).body.data.payout.message).toBe(fillText(viewTextsSw.payout.heldForNewDetails, { until: '2026-11-29 03:48:10' }));

    await changePayout(payout.id, { state: 'succeeded', receipt: 'UKS8O6OJP8', problem: null });
    const english = await sellerGet(order, false);
    const swahili = await sellerGet(order, true);
    expect(english.body.data.payout).toEqual({ state: 'paid', amount: payout.amount, receipt: 'UKS8O6OJP8', message: fillText(viewTexts.payout.paidWithReceipt, { receipt: 'UKS8O6OJP8' }) });
    expect(swahili.body.data.payout).toEqual({ ...english.body.data.payout, message: fillText(viewTextsSw.payout.paidWithReceipt, { receipt: 'UKS8O6OJP8' }) });
    expect(swahili.body.data.statusLabel).toBe(BUYER_STATUS_LABELS_SW[english.body.data.status as Order['status']]);
  });

  it("a seller's change and the server's own refusals: the seller's cancel, an unknown path", async () => {
    const order = await w.order(seller);
    const cancelled = await w.call('POST', `/api/seller/orders/${order.id}/cancel`, { cookie: seller.cookie, headers: { ...SWAHILI.headers, ...idempotencyKey() }, json: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.message).toBe(viewTextsSw.answers.orderCancelled);
    expect(cancelled.body.data.order.statusLabel).toBe(BUYER_STATUS_LABELS_SW.cancelled);
    const missing = await w.call('GET', '/api/no-such-thing', { headers: SWAHILI.headers });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'NOT_FOUND', message: viewTextsSw.refusals.notFound });
    expect((await w.call('GET', '/api/no-such-thing')).body.error).toEqual({ code: 'NOT_FOUND', message: viewTexts.refusals.notFound });
  });

  it("the M-Pesa prompt's state on the buyer's page: refused by the buyer", async () => {
    const order = await w.order(seller);
    const now = new Date();
    const prompt: StkRequest = {
      id: randomUUID(), orderId: order.id, msisdn: '254722000111', amount: cents(order.price), status: 'failed', checkoutRequestId: `ws_CO_${randomUUID()}`, merchantRequestId: null,
      resultCode: 1032, resultDesc: 'Request cancelled by user', callbackResultCode: 1032, callbackReceipt: null, callbackAmount: null, callbackPhone: null, callbacks: 1,
      payerToken: null, queries: 0, nextQueryAt: null, createdAt: now, updatedAt: now, settledAt: now,
    };
    await w.deps.store.transaction((tx) => tx.mpesa.insertStkRequest(prompt));
    const english = await buyerGet(order, '/mpesa-prompt');
    const swahili = await buyerGet(order, '/mpesa-prompt', true);
    expect(english.body.data).toMatchObject({ state: 'failed', canRetry: true, resultCode: 1032, message: viewTexts.mpesaPrompt.cancelled });
    expect(swahili.body.data).toEqual({ ...english.body.data, message: viewTextsSw.mpesaPrompt.cancelled });
  });
});
