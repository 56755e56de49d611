import { catalogue, checkLedger, recordC2bPayment, requestRefund, type Cents, type Order, type RefundRequest } from '@escrow/core';
import { createKyselyLedgerAudit } from '@escrow/db-kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import { payoutReference } from '../escrow-support/world.js';
import { DIALECTS, openSellerWorld, type SellerSession, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';

/** A fresh M-Pesa-shaped reference (10 letters and digits) no other test uses. */
const reference = payoutReference;
const USED = catalogue.errors.referenceAlreadyUsed;
const PAYMENT = catalogue.errors.referenceIsAPayment;

/**
 * References of money going out are recorded once across refunds, Mark Paid settlements and
 * unmatched refunds (decision 0050), on the composed API over real HTTP (a loopback port, one
 * connection per request), on a real SQLite file and a real PostgreSQL schema. Every test ends
 * with the ledger check the CLI runs (`escrow-admin ledger check`) passing.
 */
describe.each(DIALECTS)('money-out references over HTTP on %s', (dialect) => {
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
  }, 60_000);
  afterAll(async () => {
    await server?.shutdown();
    await world?.dispose();
  });

  const post = async (path: string, json: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie: `session=${admin.cookie}` }, body: JSON.stringify(json) });
    return { status: response.status, body: (await response.json()) as { data?: { order?: { status: string } }; error?: { code: string; message: string } } };
  };
  const resolve = (request: RefundRequest, mpesaReference: string) => post(`/api/admin/refund-requests/${request.id}/resolve`, { decision: 'refund', mpesaReference });
  const markPaid = (order: Order, ref?: string) => post(`/api/admin/orders/${order.id}/settlement`, ref === undefined ? {} : { reference: ref });

  /** A paid order whose buyer asked for a refund (the buyer paid by Paybill, M-Pesa confirmed it). */
  const refundRequested = async (): Promise<{ order: Order; request: RefundRequest }> => {
    const order = await world.paid(seller);
    const asked = await requestRefund(world.deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, reason: 'Not the model I ordered' });
    if (!asked.ok) throw new Error(`refund request: ${asked.error.code}`);
    return { order, request: asked.value };
  };
  const db = () => world.composed.database.db;
  const postings = async (orderId: string) => (await db().selectFrom('ledger_postings').select('kind').where('order_id', '=', orderId).orderBy('kind').execute()).map((p) => p.kind);
  const recorded = (ref: string) => db().selectFrom('money_out_references').selectAll().where('reference', '=', ref).execute();
  const refundRow = (id: string) => db().selectFrom('refund_requests').select(['status', 'mpesa_reference']).where('id', '=', id).executeTakeFirstOrThrow();
  const ledgerCheck = async () => {
    const report = await checkLedger({ ledgerAudit: createKyselyLedgerAudit(db(), world.composed.database.dialect) }, { actor: { kind: 'admin', userId: 'ledger-check' } });
    if (!report.ok) throw new Error(report.error.code);
    return report.value.discrepancies;
  };

  it('two refunds racing with one M-Pesa reference: one wins, the other is refused in words and changes nothing (10 rounds, then 8 at once)', async () => {
    const race = async (count: number) => {
      const requested = await Promise.all(Array.from({ length: count }, refundRequested));
      const ref = reference();
      // Some type it in lower case: still the same reference.
      const replies = await Promise.all(requested.map(({ request }, i) => resolve(request, i % 2 === 0 ? ref : ref.toLowerCase())));
      const winners = replies.flatMap((r, i) => (r.status === 200 ? [requested[i]!] : []));
      expect(winners, JSON.stringify(replies.map((r) => [r.status, r.body.error?.code]))).toHaveLength(1);
      for (const loser of replies.filter((r) => r.status !== 200)) {
        expect(loser.status).toBe(409);
        expect(loser.body.error).toEqual({ code: 'REFERENCE_ALREADY_USED', message: USED });
      }
      const winner = winners[0]!;
      expect(await recorded(ref)).toEqual([{ reference: ref, kind: 'refund', order_id: winner.order.id, owner_id: winner.request.id, recorded_at: expect.any(String) }]);
      for (const { order, request } of requested) {
        const won = order.id === winner.order.id;
        expect((await world.reload(order.id)).status).toBe(won ? 'cancelled' : 'paid');
        expect(await refundRow(request.id)).toEqual(won ? { status: 'refunded', mpesa_reference: ref } : { status: 'open', mpesa_reference: null });
        expect(await postings(order.id)).toEqual(won ? ['payment_in', 'refund_out', 'refund_reserve'] : ['payment_in']);
      }
    };
    for (let round = 0; round < 10; round += 1) await race(2);
    await race(8);
    expect(await ledgerCheck()).toEqual([]);
  }, 120_000);

  it('a refund may not reuse a Mark Paid reference, nor Mark Paid a refund reference; any case', async () => {
    const { order: settled } = await world.delivered(seller);
    const payout = reference();
    expect((await markPaid(settled, payout.toLowerCase())).status).toBe(200);
    expect(await recorded(payout)).toMatchObject([{ kind: 'settlement', order_id: settled.id, owner_id: settled.id }]);

    const { order, request } = await refundRequested();
    const reused = await resolve(request, payout);
    expect(reused).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_ALREADY_USED', message: USED } } });
    expect(await refundRow(request.id)).toEqual({ status: 'open', mpesa_reference: null });
    expect((await world.reload(order.id)).status).toBe('paid');
    const refundRef = reference();
    expect((await resolve(request, refundRef)).status).toBe(200);

    const { order: next } = await world.delivered(seller);
    for (const ref of [refundRef.toLowerCase(), ` ${payout} `]) {
      const refused = await markPaid(next, ref);
      expect(refused).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_ALREADY_USED', message: USED } } });
    }
    expect(await world.reload(next.id)).toMatchObject({ status: 'awaiting_settlement', settlementPaid: false, settlementReference: null });
    expect(await postings(next.id)).toEqual(['delivery_release', 'payment_in']);
    // Mark Paid with no reference is not a reference: any number of orders may have none.
    expect((await markPaid(next)).status).toBe(200);
    expect((await markPaid((await world.delivered(seller)).order)).status).toBe(200);
    expect(await ledgerCheck()).toEqual([]);
  }, 60_000);

  it("a reference that is a buyer's payment receipt is refused for a refund and for Mark Paid", async () => {
    const { order, request } = await refundRequested();
    const paidWith = order.mpesaReceipt ?? '';
    expect(paidWith).toMatch(/^[A-Z0-9]{10}$/);
    for (const ref of [paidWith, paidWith.toLowerCase()]) {
      expect(await resolve(request, ref)).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_IS_A_PAYMENT', message: PAYMENT } } });
    }
    const { order: delivered } = await world.delivered(seller);
    expect(await markPaid(delivered, paidWith)).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_IS_A_PAYMENT', message: PAYMENT } } });
    expect(await markPaid(delivered, delivered.mpesaReceipt ?? '')).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_IS_A_PAYMENT' } } });
    expect(await refundRow(request.id)).toEqual({ status: 'open', mpesa_reference: null });
    expect((await world.reload(delivered.id)).status).toBe('awaiting_settlement');
    expect(await recorded(paidWith)).toEqual([]);
    expect(await ledgerCheck()).toEqual([]);
  });

  it('an unmatched Paybill payment sent back by hand takes its reference from the same pool', async () => {
    const transId = reference().replace(/^R/, 'U');
    const stored = await recordC2bPayment(world.deps, { transId, billRefNumber: 'NOSUCHORDER', amount: 500_00 as Cents, msisdn: '2547 ***** 678', payerName: 'WANJIRU', businessShortCode: '600984', transTime: '20261125120000' });
    expect(stored).toMatchObject({ ok: true, value: { outcome: 'unmatched' } });
    const { request } = await refundRequested();
    const ref = reference();
    expect((await resolve(request, ref)).status).toBe(200);
    const path = `/api/admin/payments/unmatched/${transId}/refund`;
    expect(await post(path, { mpesaReference: ref.toLowerCase() })).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_ALREADY_USED', message: USED } } });
    expect(await db().selectFrom('c2b_payments').select('status').where('trans_id', '=', transId).executeTakeFirstOrThrow()).toEqual({ status: 'unmatched' });
    const own = reference();
    expect((await post(path, { mpesaReference: own })).status).toBe(200);
    expect(await recorded(own)).toMatchObject([{ kind: 'unmatched_refund', order_id: null, owner_id: transId }]);
    expect(await ledgerCheck()).toEqual([]);
  });
});
