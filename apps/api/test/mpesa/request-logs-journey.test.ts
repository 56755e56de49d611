import { runPayoutRound } from '@escrow/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LINE_MESSAGE } from '../../src/http/request-log.js';
import { PNG, photoForm } from '../escrow-support/world.js';
import { ORDER_FORM, PASSWORD, type SellerSession } from '../escrow-seller/seller-world.js';
import { recordingLoggers, type RecordingLogger } from '../helpers/recording-logger.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BUYER_PHONE = '0722 555 303';
const RIDER_PHONE = '0733 555 404';
const SELLER_MSISDN = '254712345678';

/**
 * The logs of a whole journey (issue 20, decision 0068), written by the real logger (pino, JSON)
 * into memory: a seller signs up and creates the order, the buyer pays by M-Pesa prompt on the
 * simulator (its callbacks over real HTTP), a rider picks up and delivers with the buyer's code,
 * and the seller is paid by B2C. Every line is scanned for the secrets of the journey, every
 * request has one access line with its fields, and each carries the id the answer named.
 */
describe('request logs of a whole journey (sqlite)', () => {
  let w: MpesaWorld;
  let log: RecordingLogger;
  let seller: SellerSession;
  beforeAll(async () => {
    w = await openMpesaWorld('sqlite', {
      env: { MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential', MPESA_REGISTER_C2B_URLS: 'off', MPESA_PAYOUTS: 'automatic' },
      payoutIntervalMs: 60_000,
    });
    // The world's own logger: the last one made (openSellerWorld's).
    const made = recordingLoggers().at(-1);
    if (!made) throw new Error('the world made no recording logger');
    log = made;
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'success' });
  }, 60_000);
  afterAll(async () => w?.dispose());

  it('holds no code, password, cookie, key or full phone number; one access line per request, with its id', { timeout: 120_000 }, async () => {
    const answers: { method: string; path: string; status: number; requestId: string | null }[] = [];
    const call = async (method: string, path: string, options: Parameters<MpesaWorld['call']>[2] = {}) => {
      const reply = await w.call(method, path, options);
      answers.push({ method, path, status: reply.status, requestId: reply.headers.get('x-request-id') });
      return reply;
    };
    const key = () => ({ 'idempotency-key': randomUUID() });

    // The seller signs up (the password crosses the API) and creates the order with an Idempotency-Key.
    seller = await w.seller('Log Scan Phones');
    const signedIn = await call('POST', '/api/auth/sign-in', { json: { email: seller.email, password: PASSWORD } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...ORDER_FORM, buyerPhone: BUYER_PHONE })) form.set(name, value);
    form.set('productPhoto', new File([Buffer.from(PNG)], 'product.png', { type: 'image/png' }));
    const createKey = key();
    const created = await call('POST', '/api/seller/orders', { cookie: seller.cookie, form, headers: createKey });
    expect(created.status, created.text).toBe(201);
    const orderId = String(created.body.data.order.id);
    const viewKey = new URL(String(created.body.data.order.links.buyer)).searchParams.get('code') ?? '';
    expect(viewKey.length).toBeGreaterThan(10);

    // The buyer opens the link and pays by M-Pesa prompt; the simulator's phone approves.
    const link = { 'x-delivery-code': viewKey };
    await call('GET', `/api/buyer/orders/${orderId}`, { headers: link });
    const prompt = await call('POST', `/api/buyer/orders/${orderId}/mpesa-prompt`, { headers: { ...link, ...key() }, json: { phone: BUYER_PHONE } });
    expect(prompt.status, prompt.text).toBe(202);
    const payerCookie = /payer_[^=]+=([^;]+)/.exec(prompt.headers.get('set-cookie') ?? '');
    expect(payerCookie).not.toBeNull();
    const onPhone = await w.eventually(async () => w.sim.prompts().find((p) => p.msisdn === '254722555303' && p.status === 'pending'));
    await w.sim.approve(onPhone.checkoutRequestId, '1234');
    await w.eventually(async () => ((await w.reload(orderId)).paymentConfirmed ? true : undefined), 15_000);
    const payerView = await call('GET', `/api/buyer/orders/${orderId}`, { headers: { ...link, cookie: payerCookie?.[0] ?? '' } });
    const code = String(payerView.body.data.deliveryCode);
    expect(code).toMatch(/^\d{6}$/);
    // The buyer's page opens its live stream as EventSource does, the credential in the query string.
    expect((await call('GET', `/api/live/orders/${orderId}?code=${encodeURIComponent(viewKey)}`)).status).toBe(200);

    // The seller assigns a new rider, who accepts, picks up and delivers with the buyer's code.
    const assigned = await call('POST', `/api/seller/orders/${orderId}/rider`, { cookie: seller.cookie, json: { newRiderName: 'Kamau Rider', newRiderPhone: RIDER_PHONE } });
    expect(assigned.status, assigned.text).toBe(200);
    const riderKey = (await w.reload(orderId)).riderKey ?? '';
    const rider = { 'x-rider-phone': RIDER_PHONE, 'x-rider-key': riderKey };
    await call('GET', `/api/rider/orders/${orderId}`, { headers: rider });
    expect((await call('GET', `/api/live/orders/${orderId}?phone=${encodeURIComponent(RIDER_PHONE)}&key=${encodeURIComponent(riderKey)}`)).status).toBe(200);
    expect((await call('POST', `/api/rider/orders/${orderId}/accept`, { headers: { ...rider, ...key() } })).status).toBe(200);
    expect((await call('POST', `/api/rider/orders/${orderId}/pickup`, { headers: { ...rider, ...key() }, form: photoForm(PNG) })).status).toBe(200);
    const completeKey = key();
    const delivered = await call('POST', `/api/rider/orders/${orderId}/complete`, { headers: { ...rider, ...completeKey }, json: { deliveryCode: code } });
    expect(delivered.status, delivered.text).toBe(200);

    // The seller is paid by B2C; its Result comes back to the callback route over real HTTP.
    await runPayoutRound(w.deps);
    await w.eventually(async () => ((await w.reload(orderId)).status === 'settlement_completed' ? true : undefined), 15_000);
    await call('GET', `/api/seller/orders/${orderId}`, { cookie: seller.cookie });
    await call('GET', '/api/health');
    await w.composed.sendOutboxNow();

    const callbackSecret = /\/callbacks\/([^/]+)\//.exec(w.sim.callbacks()[0]?.url ?? '')?.[1] ?? '';
    expect(callbackSecret).toMatch(/^[0-9a-f]{32,}$/);
    const secrets: Record<string, string> = {
      'delivery code': code,
      password: PASSWORD,
      'session cookie': seller.cookie,
      'payer cookie': payerCookie?.[1] ?? '?',
      'view key': viewKey,
      'rider key': riderKey,
      'callback secret': callbackSecret,
      // The subscriber numbers, in any form they were written: only 2547•••••303 may show.
      'buyer phone': '722555303',
      'rider phone': '733555404',
      'seller phone': '712345678',
    };
    const lines = log.lines;
    expect(lines.length).toBeGreaterThan(answers.length);
    const leaks = lines.flatMap((line) => Object.entries(secrets).filter(([, secret]) => line.includes(secret)).map(([what]) => `${what}: ${line.slice(0, 300)}`));
    expect(leaks).toEqual([]);

    // Every line is JSON; every access line has the id its answer carried and the fields of decision 0068.
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = parsed.filter((line) => line['message'] === ACCESS_LINE_MESSAGE);
    for (const answer of answers) {
      expect(answer.requestId, `${answer.method} ${answer.path}`).toMatch(UUID);
      const mine = access.filter((line) => line['reqId'] === answer.requestId);
      expect(mine, `${answer.method} ${answer.path}`).toHaveLength(1);
      expect(mine[0]).toMatchObject({ method: answer.method, status: answer.status, durationMs: expect.any(Number), actor: expect.stringMatching(/^(seller|admin|rider|buyer|anonymous)$/) });
      expect(String(mine[0]?.['route'])).not.toContain('?');
    }
    for (const line of access) expect(line['reqId'], JSON.stringify(line)).toEqual(expect.stringMatching(/^[\w=-]{1,64}$/));
    const accessOf = (path: string, method = 'POST') => access.find((line) => line['reqId'] === answers.find((a) => a.path === path && a.method === method)?.requestId);
    expect(accessOf('/api/seller/orders')).toMatchObject({ level: 'info', route: '/api/seller/orders', status: 201, actor: 'seller', idempotencyKey: createKey['idempotency-key'] });
    expect(accessOf(`/api/rider/orders/${orderId}/complete`)).toMatchObject({ route: '/api/rider/orders/:id/complete', status: 200, actor: 'rider', orderId, idempotencyKey: completeKey['idempotency-key'] });
    expect(accessOf(`/api/buyer/orders/${orderId}/mpesa-prompt`)).toMatchObject({ route: '/api/buyer/orders/:id/mpesa-prompt', status: 202, actor: 'buyer', orderId });
    expect(accessOf('/api/auth/sign-in')).toMatchObject({ route: '/api/auth/sign-in', status: 200, actor: 'anonymous' });
    expect(accessOf('/api/health', 'GET')).toMatchObject({ level: 'debug', route: '/api/health', status: 200 });
    expect(access.filter((line) => line['route'] === '/api/live/orders/:id').map((line) => [line['actor'], line['orderId']])).toEqual([
      ['buyer', orderId],
      ['rider', orderId],
    ]);
    // M-Pesa's callbacks (the STK result, the B2C result) over real HTTP: logged by their pattern, the secret never.
    const callbacks = access.filter((line) => String(line['route']).startsWith('/api/payments/callbacks/'));
    expect(callbacks.map((line) => line['route'])).toEqual(expect.arrayContaining(['/api/payments/callbacks/:secret/stk', '/api/payments/callbacks/:secret/payouts/result']));
    for (const line of callbacks) expect(line).toMatchObject({ method: 'POST', status: 200, actor: 'anonymous', reqId: expect.stringMatching(UUID) });
  });
});
