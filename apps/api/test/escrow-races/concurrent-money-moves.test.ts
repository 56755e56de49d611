import { randomUUID } from 'node:crypto';
import { checkOrderAgainstLedger, escrowHeld, type Order } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import { c2bConfirmationBody, c2bConfirmationPath, TEST_CALLBACK_SECRET } from '../helpers/c2b-confirmation.js';
import { receipt } from '../escrow-support/world.js';
import { DIALECTS, openSellerWorld, type SellerSession, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';

const N = 50;

/**
 * Races through real HTTP: the composed API listens on a loopback port and N requests are sent
 * at once over N connections. Rate limits are off here (RATE_LIMITS=off, NODE_ENV=test) so that
 * all N requests reach the use case; with limits on, most would be stopped earlier by a 429.
 * Payments arrive as M-Pesa sends them: C2B confirmations POSTed to the callback route
 * (MPESA_CALLBACK_SECRET); a typed receipt is answered paid only when one of them paid it.
 */
describe.each(DIALECTS)('concurrent money moves over HTTP on %s', (dialect) => {
  let world: SellerWorld;
  let server: RunningServer;
  let base: string;
  let seller: SellerSession;
  let admin: Session;

  beforeAll(async () => {
    world = await openSellerWorld(dialect, { env: { RATE_LIMITS: 'off', NODE_ENV: 'test', MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET } });
    server = await startServer({ app: world.app, port: 0, host: '127.0.0.1', logger: { info: () => undefined, warn: () => undefined, error: () => undefined }, signals: [] });
    base = `http://127.0.0.1:${server.port}`;
    seller = await world.seller();
    admin = await world.admin();
  });
  afterAll(async () => {
    await server?.shutdown();
    await world?.dispose();
  });

  const post = async (path: string, init: { headers?: Record<string, string>; json?: unknown }) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.json ?? {}),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; error?: { code: string } } };
  };
  const postings = async (orderId: string, kind: 'delivery_release' | 'payment_in' | 'payment_claimed' | 'claim_released' | 'settlement_out') =>
    (await world.composed.database.db.selectFrom('ledger_postings').select('id').where('order_id', '=', orderId).where('kind', '=', kind).execute()).length;
  const tally = (replies: { status: number; body: { error?: { code: string } } }[]) => {
    const counts: Record<string, number> = {};
    for (const r of replies) {
      const key = r.status < 300 ? String(r.status) : `${r.status} ${r.body.error?.code ?? ''}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  const completeAll = async (keyed: (i: number) => Record<string, string>) => {
    const t = await world.inTransit(seller);
    const headers = { 'x-rider-phone': t.phone, 'x-rider-key': t.key };
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: N }, (_, i) => post(`/api/rider/orders/${t.order.id}/complete`, { headers: { ...headers, ...keyed(i) }, json: { deliveryCode: t.order.deliveryCode } })));
    const order = await world.reload(t.order.id);
    const successes = await world.composed.database.db.selectFrom('code_attempts').select('id').where('order_id', '=', order.id).where('success', '=', dialect === 'sqlite' ? 1 : true).execute();
    return { replies, order, elapsed: performance.now() - started, successfulCodeEntries: successes.length };
  };

  it(`${N} simultaneous completions with the right code: one awaiting_settlement, one delivery posting`, async () => {
    const { replies, order, elapsed, successfulCodeEntries } = await completeAll(() => ({}));
    const counts = tally(replies);
    console.log(`[${dialect}] ${N} simultaneous completions in ${elapsed.toFixed(0)} ms: ${JSON.stringify(counts)}`);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409), JSON.stringify(counts)).toBe(true);
    expect(order.status).toBe('awaiting_settlement');
    expect(await postings(order.id, 'delivery_release')).toBe(1);
    expect(successfulCodeEntries).toBe(1);
  });

  it(`${N} simultaneous completions, half of them retries with one Idempotency-Key: still one delivery`, async () => {
    const sharedKey = randomUUID();
    const { replies, order } = await completeAll((i): Record<string, string> => (i % 2 === 0 ? { 'idempotency-key': sharedKey } : {}));
    const counts = tally(replies);
    console.log(`[${dialect}] ${N} simultaneous completions, 25 sharing a key: ${JSON.stringify(counts)}`);
    expect(replies.every((r) => r.status === 200 || r.status === 409), JSON.stringify(counts)).toBe(true);
    // Either an unkeyed request won (then no keyed one did), or the keyed winner's answer was replayed to other keyed retries.
    const unkeyedWinners = replies.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    const keyedWinners = replies.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    expect(unkeyedWinners + Math.min(keyedWinners, 1)).toBe(1);
    expect(order.status).toBe('awaiting_settlement');
    expect(await postings(order.id, 'delivery_release')).toBe(1);
  });

  /** M-Pesa's C2B confirmation of a Paybill payment, over HTTP to the callback route (as Safaricom sends it). */
  const confirmation = (transId: string, order: Order, amountCents: number = order.price) =>
    post(c2bConfirmationPath(), { json: c2bConfirmationBody({ transId, billRefNumber: order.trackingNumber, amountCents }) });
  const typeReceipt = (order: Order, mpesaReceipt: string) => post(`/api/buyer/orders/${order.id}/payment`, { headers: { 'x-delivery-code': order.deliveryCode }, json: { termsAccepted: true, mpesaReceipt } });
  const storedPayments = (transIds: readonly string[]) =>
    world.composed.database.db.selectFrom('c2b_payments').select(['trans_id', 'status', 'order_id']).where('trans_id', 'in', transIds).orderBy('trans_id').execute();
  const ledgerProblems = async (order: Order) => checkOrderAgainstLedger(order, await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id)));
  const orderView = (r: { body: { data?: unknown } }) => (r.body.data as { order?: { status: string; paymentConfirmed: boolean } } | undefined)?.order;

  it(`${N} simultaneous C2B confirmations of one payment (one TransID): stored once, the order paid once, one payment posting`, async () => {
    const order = await world.order(seller);
    const transId = receipt().replace(/^QK/, 'QC');
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: N }, () => confirmation(transId, order)));
    console.log(`[${dialect}] ${N} simultaneous copies of one C2B confirmation in ${(performance.now() - started).toFixed(0)} ms: ${JSON.stringify(tally(replies))}`);
    // Safaricom is told every copy was taken (it would only send it again otherwise).
    expect(replies.every((r) => r.status === 200 && (r.body as { ResultCode?: number }).ResultCode === 0), JSON.stringify(tally(replies))).toBe(true);
    const paid = await world.reload(order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: transId, paymentVerifiedBy: 'c2b_confirmation', paymentReceived: order.price });
    expect(await postings(order.id, 'payment_in')).toBe(1);
    expect(await storedPayments([transId])).toEqual([{ trans_id: transId, status: 'matched', order_id: order.id }]);
    const claimed = await world.composed.database.db.selectFrom('payment_receipts').select('receipt').where('order_id', '=', order.id).execute();
    expect(claimed).toEqual([{ receipt: transId }]);
    expect(await ledgerProblems(paid)).toEqual([]);
    // The buyer typing that receipt now is told it is paid, and nothing moves again.
    const typed = await typeReceipt(order, transId);
    expect(typed.status).toBe(200);
    expect(orderView(typed)).toMatchObject({ status: 'paid', paymentConfirmed: true });
    expect(await postings(order.id, 'payment_in')).toBe(1);
  });

  it('two Paybill payments (two TransIDs) for one order at once: one pays it, the other is kept unmatched (10 rounds, and once with 10 at once)', async () => {
    const race = async (count: number) => {
      const order = await world.order(seller);
      const transIds = Array.from({ length: count }, () => receipt().replace(/^QK/, 'QD'));
      const replies = await Promise.all(transIds.map((transId) => confirmation(transId, order)));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      const paid = await world.reload(order.id);
      expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, paymentVerifiedBy: 'c2b_confirmation' });
      expect(transIds).toContain(paid.mpesaReceipt);
      const stored = await storedPayments(transIds);
      expect(stored).toHaveLength(count);
      expect(stored.filter((p) => p.status === 'matched')).toEqual([{ trans_id: paid.mpesaReceipt, status: 'matched', order_id: order.id }]);
      expect(stored.filter((p) => p.status === 'unmatched' && p.order_id === null)).toHaveLength(count - 1);
      expect(await postings(order.id, 'payment_in')).toBe(1);
      expect(await ledgerProblems(paid)).toEqual([]);
    };
    for (let round = 0; round < 10; round += 1) await race(2);
    await race(10);
  });

  it(`${N} simultaneous typed receipts of an order M-Pesa has not paid: claims only (being verified, never escrow), until the confirmation pays it once`, async () => {
    const order = await world.order(seller);
    const receipts = Array.from({ length: N }, () => receipt().replace(/^QK/, 'QP'));
    const started = performance.now();
    const replies = await Promise.all(receipts.map((r) => typeReceipt(order, r)));
    console.log(`[${dialect}] ${N} simultaneous typed receipts of one unpaid order in ${(performance.now() - started).toFixed(0)} ms: ${JSON.stringify(tally(replies))}`);
    expect(replies.every((r) => r.status === 200), JSON.stringify(tally(replies))).toBe(true);
    expect(replies.every((r) => orderView(r)?.status === 'awaiting_payment' && orderView(r)?.paymentConfirmed === false)).toBe(true);
    const claimed = await world.reload(order.id);
    expect(claimed).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, mpesaReceipt: null });
    expect(receipts).toContain(claimed.paymentClaimReceipt);
    expect(await postings(order.id, 'payment_in')).toBe(0);
    expect(await postings(order.id, 'payment_claimed')).toBe(1);
    expect(escrowHeld(await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id)))).toBe(0);
    expect(await ledgerProblems(claimed)).toEqual([]);

    // M-Pesa confirms one of them while more receipts are typed: paid once, the claim released once.
    const [confirmed, ...typedMeanwhile] = await Promise.all([confirmation(receipts[7]!, order), ...receipts.slice(0, 10).map((r) => typeReceipt(order, r))]);
    expect(confirmed.status).toBe(200);
    // Each is a claim (taken before the payment), paid (its own receipt, read after) or refused: already paid, or (read
    // before the payment, locked after it) no longer at a stage that takes a claim.
    const meanwhile = tally(typedMeanwhile);
    console.log(`[${dialect}] 10 typed receipts racing the C2B confirmation of one of them: ${JSON.stringify(meanwhile)}`);
    expect(Object.keys(meanwhile).every((k) => ['200', '409 PAYMENT_ALREADY_CONFIRMED', '409 TRANSITION_NOT_ALLOWED'].includes(k)), JSON.stringify(meanwhile)).toBe(true);
    const paid = await world.reload(order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: receipts[7] });
    expect(await postings(order.id, 'payment_in')).toBe(1);
    expect(await postings(order.id, 'payment_claimed')).toBe(1);
    expect(await postings(order.id, 'claim_released')).toBe(1);
    expect(await ledgerProblems(paid)).toEqual([]);
  });

  it('the same M-Pesa receipt typed on two orders at once: the order M-Pesa paid answers paid, the other is refused (20 rounds, and once across 10 orders)', async () => {
    const paidWith = async (orders: readonly Order[], prefix: string) => {
      const shared = receipt().replace(/^QK/, prefix);
      const payee = orders[Math.floor(Math.random() * orders.length)]!;
      expect((await confirmation(shared, payee)).status).toBe(200);
      const replies = await Promise.all(orders.map((o) => typeReceipt(o, shared)));
      return { shared, payee, replies };
    };
    for (let round = 0; round < 20; round += 1) {
      const orders = [await world.order(seller), await world.order(seller)];
      const { payee, replies } = await paidWith(orders, 'QS');
      replies.forEach((reply, i) => {
        if (orders[i] === payee) {
          expect(reply.status).toBe(200);
          expect(orderView(reply)).toMatchObject({ status: 'paid', paymentConfirmed: true });
        } else {
          expect(reply.status).toBe(409);
          expect(reply.body.error?.code).toBe('MPESA_RECEIPT_ALREADY_USED');
        }
      });
      const states = await Promise.all(orders.map((o) => world.reload(o.id)));
      expect(states.filter((o) => o.paymentConfirmed).map((o) => o.id)).toEqual([payee.id]);
      // The refused order holds no claim of that receipt either.
      expect(states.find((o) => o.id !== payee.id)).toMatchObject({ status: 'awaiting_payment', paymentClaimedAt: null, paymentClaimReceipt: null });
    }
    const orders = await Promise.all(Array.from({ length: 10 }, () => world.order(seller)));
    const { shared, payee, replies } = await paidWith(orders, 'QT');
    expect(tally(replies)).toEqual({ '200': 1, '409 MPESA_RECEIPT_ALREADY_USED': 9 });
    expect(replies[orders.indexOf(payee)]?.status).toBe(200);
    const claimed = await world.composed.database.db.selectFrom('payment_receipts').select('order_id').where('receipt', '=', shared).execute();
    expect(claimed).toEqual([{ order_id: payee.id }]);
    for (const o of orders) expect(await postings(o.id, 'payment_claimed')).toBe(0);
    console.log(`[${dialect}] one receipt M-Pesa paid, typed on two orders at once, 20 rounds: the paid one answers paid every time; on 10 orders at once: 1 paid, 9 refused MPESA_RECEIPT_ALREADY_USED`);
  });

  it(`${N} simultaneous 'Mark Paid' of one order: settled once`, async () => {
    const { order } = await world.delivered(seller);
    const replies = await Promise.all(Array.from({ length: N }, () => post(`/api/admin/orders/${order.id}/settlement`, { headers: { cookie: `session=${admin.cookie}`, origin: base }, json: {} })));
    const counts = tally(replies);
    console.log(`[${dialect}] ${N} simultaneous Mark Paid: ${JSON.stringify(counts)}`);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await postings(order.id, 'settlement_out')).toBe(1);
  });
});
