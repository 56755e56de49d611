import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import { receipt } from '../escrow-support/world.js';
import { DIALECTS, openSellerWorld, type SellerSession, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';

const N = 50;

/**
 * Races through real HTTP: the composed API listens on a loopback port and N requests are sent
 * at once over N connections. Rate limits are off here (RATE_LIMITS=off, NODE_ENV=test) so that
 * all N requests reach the use case; with limits on, most would be stopped earlier by a 429.
 */
describe.each(DIALECTS)('concurrent money moves over HTTP on %s', (dialect) => {
  let world: SellerWorld;
  let server: RunningServer;
  let base: string;
  let seller: SellerSession;
  let admin: Session;

  beforeAll(async () => {
    world = await openSellerWorld(dialect, { env: { RATE_LIMITS: 'off', NODE_ENV: 'test' } });
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
  const postings = async (orderId: string, kind: 'delivery_release' | 'payment_in' | 'settlement_out') =>
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

  it(`${N} simultaneous payment confirmations of one order: one is accepted, one payment posting`, async () => {
    const order = await world.order(seller);
    const receipts = Array.from({ length: N }, () => receipt().replace(/^QK/, 'QP'));
    const started = performance.now();
    const replies = await Promise.all(receipts.map((mpesaReceipt) => post(`/api/buyer/orders/${order.id}/payment`, { headers: { 'x-delivery-code': order.deliveryCode }, json: { termsAccepted: true, mpesaReceipt } })));
    const counts = tally(replies);
    console.log(`[${dialect}] ${N} simultaneous payment confirmations of one order in ${(performance.now() - started).toFixed(0)} ms: ${JSON.stringify(counts)}`);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409), JSON.stringify(counts)).toBe(true);
    const paid = await world.reload(order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentConfirmed: true });
    expect(receipts).toContain(paid.mpesaReceipt);
    expect(await postings(order.id, 'payment_in')).toBe(1);
    const claimed = await world.composed.database.db.selectFrom('payment_receipts').select('receipt').where('order_id', '=', order.id).execute();
    expect(claimed).toEqual([{ receipt: paid.mpesaReceipt }]);
  });

  it('the same M-Pesa receipt on two orders at once: one wins (20 rounds, and once across 10 orders)', async () => {
    const winner = { first: 0, second: 0 };
    for (let round = 0; round < 20; round += 1) {
      const orders = [await world.order(seller), await world.order(seller)];
      const shared = receipt().replace(/^QK/, 'QS');
      const replies = await Promise.all(orders.map((o) => post(`/api/buyer/orders/${o.id}/payment`, { headers: { 'x-delivery-code': o.deliveryCode }, json: { termsAccepted: true, mpesaReceipt: shared } })));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)?.body.error?.code).toBe('MPESA_RECEIPT_ALREADY_USED');
      const states = await Promise.all(orders.map((o) => world.reload(o.id)));
      expect(states.filter((o) => o.paymentConfirmed)).toHaveLength(1);
      winner[replies[0]?.status === 200 ? 'first' : 'second'] += 1;
    }
    const orders = await Promise.all(Array.from({ length: 10 }, () => world.order(seller)));
    const shared = receipt().replace(/^QK/, 'QT');
    const replies = await Promise.all(orders.map((o) => post(`/api/buyer/orders/${o.id}/payment`, { headers: { 'x-delivery-code': o.deliveryCode }, json: { termsAccepted: true, mpesaReceipt: shared } })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const claimed = await world.composed.database.db.selectFrom('payment_receipts').select('order_id').where('receipt', '=', shared).execute();
    expect(claimed).toHaveLength(1);
    console.log(`[${dialect}] one receipt on two orders at once, 20 rounds: one wins every time (first sent ${winner.first}, second sent ${winner.second}); on 10 orders at once: 1 paid, 9 refused MPESA_RECEIPT_ALREADY_USED`);
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
