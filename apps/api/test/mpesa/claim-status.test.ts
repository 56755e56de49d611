import { checkLedger, checkOrderAgainstLedger, reconcilePayments, type Clock, type Order, type StatusQuery } from '@escrow/core';
import { createKyselyLedgerAudit } from '@escrow/db-kysely';
import { createDarajaClient, darajaConfigFromEnv, DarajaMpesaGateway } from '@escrow/mpesa-daraja';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { c2bConfirmationBody, c2bConfirmationPath, TEST_CALLBACK_SECRET } from '../helpers/c2b-confirmation.js';
import { DIALECTS, type SellerSession, type Session } from '../escrow-seller/seller-world.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

const MINUTE = 60_000;
const STATUS_PATH = `/api/payments/callbacks/${TEST_CALLBACK_SECRET}/status`;
/** The reconciler's clock moved forward (claims are first asked about 2 minutes after they are made). */
const later = (ms: number): Clock => ({ now: () => new Date(Date.now() + ms) });
const msisdns = (() => {
  let n = 0;
  return () => `2547220${String(10_000 + (n += 1)).padStart(5, '0')}`;
})();

/**
 * A buyer's typed receipt (a claim) verified by Daraja Transaction Status, end to end over real
 * HTTP: the buyer API -> the reconciler -> the Daraja client -> the simulator -> its Result
 * POSTed to our callback route -> the core's checks -> the ledger. C2B URLs are not registered
 * here (MPESA_REGISTER_C2B_URLS=off), so the Paybill confirmation never reaches the API: the
 * claim waits for M-Pesa's answer to our query, as when Safaricom's confirmation is lost.
 */
describe.each(DIALECTS)('claims verified by Transaction Status against the Daraja simulator (%s)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let admin: Session;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect, {
      env: { MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential', MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET, MPESA_REGISTER_C2B_URLS: 'off' },
    });
    seller = await w.seller();
    admin = await w.admin();
  }, 60_000);
  afterAll(async () => w?.dispose());

  const typeReceipt = (order: Order, receipt: string) =>
    w.call('POST', `/api/buyer/orders/${order.id}/payment`, { json: { termsAccepted: true, mpesaReceipt: receipt }, headers: { 'x-delivery-code': order.deliveryCode } });
  /** The buyer paid the Paybill (M-Pesa knows the receipt; no confirmation reaches us), then typed the receipt: a claim. */
  const claimed = async (order: Order, shillings: number = order.price / 100) => {
    const paid = await w.sim.payBill({ msisdn: msisdns(), account: order.trackingNumber, amount: shillings });
    const claim = await typeReceipt(order, paid.transId);
    expect(claim.status, claim.text).toBe(200);
    expect(claim.body.data.order).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false });
    return paid.transId;
  };
  const queries = async (order: Order): Promise<StatusQuery[]> => [...(await w.deps.store.read((tx) => tx.mpesa.listStatusQueriesForOrder(order.id)))].reverse();
  const kinds = async (order: Order) => (await w.deps.store.read((tx) => tx.ledger.listByOrder(order.id))).map((p) => p.kind);
  const answered = (order: Order, attempt = 1) => w.eventually(async () => (await queries(order)).find((q) => q.attempt === attempt && q.status === 'answered'));
  const reconcile = (ms = 2 * MINUTE + 1_000, mpesa = w.deps.mpesa) => reconcilePayments({ ...w.deps, clock: later(ms), ...(mpesa ? { mpesa } : {}) });
  const ledgerCheck = async () => (await checkLedger({ ledgerAudit: createKyselyLedgerAudit(w.composed.database.db, w.composed.database.dialect) }, { actor: { kind: 'admin', userId: 'ledger-check' } }));
  const post = (path: string, body: unknown) => fetch(`${w.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  /** A gateway whose Results go nowhere: the simulator logs each Result it could not deliver, body and all. */
  const unheardGateway = () => {
    const daraja = darajaConfigFromEnv({ ...w.env, MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential' });
    return new DarajaMpesaGateway(createDarajaClient(daraja.config!), 'http://127.0.0.1:9/stk', { result: 'http://127.0.0.1:9/status/result', timeout: 'http://127.0.0.1:9/status/timeout' });
  };
  const undelivered = (query: StatusQuery) =>
    w.eventually(async () => w.sim.callbacks().find((c) => c.kind === 'result' && c.status === 'error' && (c.body as { Result: { OriginatorConversationID: string } }).Result.OriginatorConversationID === query.originatorConversationId));

  it('the Transaction Status Result verifies the claim: the order is paid once, verified by transaction_status, the ledger balanced', async () => {
    const order = await w.order(seller);
    const receipt = await claimed(order);
    // Not asked before the claim is 2 minutes old.
    await reconcile(MINUTE);
    expect(await queries(order)).toEqual([]);
    expect((await reconcile()).claims.asked).toBeGreaterThanOrEqual(1);
    const [query] = await queries(order);
    expect(query).toMatchObject({ receipt, attempt: 1, shortCode: '174379', originatorConversationId: `escrow-ts-${query!.id}` });
    expect(await answered(order)).toMatchObject({ outcome: 'verified', resultReceipt: receipt, resultAmount: order.price, resultTransactionStatus: 'Completed', resultCreditParty: expect.stringMatching(/^174379 - /) });
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: receipt, paymentVerifiedBy: 'transaction_status', paymentReceived: order.price });
    expect(await kinds(order)).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    expect(checkOrderAgainstLedger(await w.reload(order.id), await w.deps.store.read((tx) => tx.ledger.listByOrder(order.id)))).toEqual([]);
    // Daraja was answered for its Result.
    // (The simulator records the answer once it has read it, a moment after our side committed.)
    const delivered = await w.eventually(async () =>
      w.sim.callbacks().find((c) => c.kind === 'result' && c.status !== undefined && (c.body as { Result: { OriginatorConversationID: string } }).Result.OriginatorConversationID === query!.originatorConversationId),
    );
    expect(delivered).toMatchObject({ status: 200, response: { ResultCode: 0, ResultDesc: 'Accepted' } });
    // The buyer and the seller see it paid; typing the receipt again answers paid.
    expect((await typeReceipt(order, receipt)).body.data.order).toMatchObject({ status: 'paid', paymentConfirmed: true });

    // Duplicate and late copies of the Result: answered, nothing more moves.
    for (const copy of [delivered!.body, delivered!.body]) {
      const reply = await post(`${STATUS_PATH}/result`, copy);
      expect([reply.status, await reply.json()]).toEqual([200, { ResultCode: 0, ResultDesc: 'Accepted' }]);
    }
    // The Paybill's C2B confirmation of the same payment comes after all: kept as this order's, no second posting.
    const c2b = await post(c2bConfirmationPath(), c2bConfirmationBody({ transId: receipt, billRefNumber: order.trackingNumber, amountCents: order.price }));
    expect(c2b.status).toBe(200);
    expect(await w.deps.store.read((tx) => tx.mpesa.getC2bPayment(receipt))).toMatchObject({ status: 'matched', orderId: order.id });
    expect(await kinds(order)).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    expect((await ledgerCheck())).toMatchObject({ ok: true, value: { discrepancies: [] } });
  });

  it('an unknown receipt (2032): the claim stays a claim, the reason in words for admins, and it is not asked about again', async () => {
    const order = await w.order(seller);
    expect((await typeReceipt(order, 'ZZZ0000001')).status).toBe(200);
    await reconcile();
    expect(await answered(order)).toMatchObject({ outcome: 'unknown_receipt', resultCode: 2032, nextAttemptAt: null });
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, paymentClaimReceipt: 'ZZZ0000001', paymentVerifiedBy: null });
    expect(await kinds(order)).toEqual(['payment_claimed']);
    const listed = await w.call('GET', '/api/admin/payments/unverified', { cookie: admin.cookie });
    const row = (listed.body.data.orders as { orderId: string; check: string }[]).find((o) => o.orderId === order.id);
    expect(row?.check).toMatch(/^M-Pesa has no payment with receipt ZZZ0000001 to our shortcode 174379 \(Transaction Status 2032: The transaction receipt number does not exist\.\)\. \(query 1, /);
    const detail = await w.call('GET', `/api/admin/orders/${order.id}`, { cookie: admin.cookie });
    expect(detail.body.data).toMatchObject({ paymentBeingVerified: true, paymentClaimCheck: row!.check });
    await reconcile(6 * 60 * MINUTE);
    expect(await queries(order)).toHaveLength(1);
  });

  it('a short payment: not verified, the reason kept; the ledger holds the claim only', async () => {
    const order = await w.order(seller);
    await claimed(order, order.price / 100 - 1);
    await reconcile();
    expect(await answered(order)).toMatchObject({ outcome: 'short', note: 'M-Pesa says KSh 64,999.00 was paid, less than the price of KSh 65,000.00.' });
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment', paymentVerifiedBy: null });
    expect(await kinds(order)).toEqual(['payment_claimed']);
    expect((await ledgerCheck())).toMatchObject({ ok: true, value: { discrepancies: [] } });
  });

  it('a lost Result: the reconciler asks again after the backoff, with a new query id, and that answer pays the order', async () => {
    const order = await w.order(seller);
    await claimed(order);
    w.sim.loseStatusResults(1);
    await reconcile();
    const [first] = await queries(order);
    expect(first).toMatchObject({ attempt: 1, status: 'sent' });
    // Still waiting for it: not asked again before 2 minutes have passed.
    await reconcile(3 * MINUTE);
    expect(await queries(order)).toHaveLength(1);
    await reconcile(4 * MINUTE + 2_000);
    expect(await answered(order, 2)).toMatchObject({ outcome: 'verified' });
    const [lost, second] = await queries(order);
    expect(second!.originatorConversationId).not.toBe(lost!.originatorConversationId);
    expect(lost).toMatchObject({ status: 'sent' });
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'transaction_status' });
    expect(await kinds(order)).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
  });

  it('20 simultaneous copies of a Result that was not heard the first time: one verification, one posting', async () => {
    const order = await w.order(seller);
    await claimed(order);
    await reconcile(2 * MINUTE + 1_000, unheardGateway());
    const [query] = await queries(order);
    const result = await undelivered(query!);
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(`${STATUS_PATH}/result`, result.body).then(async (r) => [r.status, await r.json()])));
    expect(replies).toEqual(Array.from({ length: 20 }, () => [200, { ResultCode: 0, ResultDesc: 'Accepted' }]));
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'transaction_status' });
    expect(await kinds(order)).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
    expect((await ledgerCheck())).toMatchObject({ ok: true, value: { discrepancies: [] } });
  });

  it('a Result arriving after a C2B confirmation verified the order does nothing', async () => {
    const order = await w.order(seller);
    const receipt = await claimed(order);
    await reconcile(2 * MINUTE + 1_000, unheardGateway());
    const [query] = await queries(order);
    const result = await undelivered(query!);
    expect((await post(c2bConfirmationPath(), c2bConfirmationBody({ transId: receipt, billRefNumber: order.trackingNumber, amountCents: order.price }))).status).toBe(200);
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'c2b_confirmation' });
    expect((await post(`${STATUS_PATH}/result`, result.body)).status).toBe(200);
    expect(await answered(order)).toMatchObject({ outcome: 'claim_closed' });
    expect(await w.reload(order.id)).toMatchObject({ status: 'paid', paymentVerifiedBy: 'c2b_confirmation' });
    expect(await kinds(order)).toEqual(['payment_claimed', 'claim_released', 'payment_in']);
  });

  it('malformed bodies are 400 and logged; an unknown query and a queue timeout are answered; another secret is 404', async () => {
    for (const body of ['{not json', { Result: { ResultCode: 0 } }, { Body: {} }]) {
      const reply = await post(`${STATUS_PATH}/result`, body);
      expect(reply.status).toBe(400);
      expect((await post(`${STATUS_PATH}/timeout`, body)).status).toBe(400);
    }
    expect(w.logs.filter((l) => l.message === 'M-Pesa callback refused' && String(l.fields?.['what']).startsWith('transaction status')).length).toBeGreaterThanOrEqual(6);
    const stranger = { Result: { ResultType: 0, ResultCode: 0, ResultDesc: 'ok', OriginatorConversationID: 'not-ours', ConversationID: 'AG_20260101_nobody' } };
    expect(await (await post(`${STATUS_PATH}/result`, stranger)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(w.logs.some((l) => l.message === 'Transaction Status Result for an unknown query')).toBe(true);
    expect((await post(`/api/payments/callbacks/${'f'.repeat(32)}/status/result`, stranger)).status).toBe(404);

    const order = await w.order(seller);
    await claimed(order);
    await reconcile(2 * MINUTE + 1_000, unheardGateway());
    const [query] = await queries(order);
    const timeout = { Result: { ResultType: 0, ResultCode: 1, ResultDesc: 'The service request timed out.', OriginatorConversationID: query!.originatorConversationId, ConversationID: query!.conversationId } };
    expect(await (await post(`${STATUS_PATH}/timeout`, timeout)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await queries(order))[0]).toMatchObject({ status: 'unknown', resultDesc: "timed out in M-Pesa's queue: The service request timed out." });
    // Settled here so it is not due in the next test.
    const result = await undelivered(query!);
    await post(`${STATUS_PATH}/result`, result.body);
    expect(await answered(order)).toMatchObject({ outcome: 'verified' });
  });
});

describe.each(DIALECTS)('claims without an initiator (%s)', (dialect) => {
  let w: MpesaWorld;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect, { env: { MPESA_REGISTER_C2B_URLS: 'off' } });
  }, 60_000);
  afterAll(async () => w?.dispose());

  it('no Transaction Status query is sent: the claim waits for the C2B confirmation', async () => {
    expect(w.deps.mpesa).toBeDefined();
    expect(w.deps.mpesa?.transactionStatus).toBeUndefined();
    const seller = await w.seller();
    const order = await w.order(seller);
    const paid = await w.sim.payBill({ msisdn: '254722000999', account: order.trackingNumber, amount: order.price / 100 });
    expect((await w.call('POST', `/api/buyer/orders/${order.id}/payment`, { json: { termsAccepted: true, mpesaReceipt: paid.transId }, headers: { 'x-delivery-code': order.deliveryCode } })).status).toBe(200);
    const report = await reconcilePayments({ ...w.deps, clock: later(3 * 60 * MINUTE) });
    expect(report.claims).toEqual({ asked: 0, accepted: 0, refused: 0, unknown: 0 });
    expect(await w.deps.store.read((tx) => tx.mpesa.listStatusQueriesForOrder(order.id))).toEqual([]);
    expect(w.sim.callbacks().filter((c) => c.kind === 'result')).toEqual([]);
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment', paymentClaimReceipt: paid.transId });
  });
});
