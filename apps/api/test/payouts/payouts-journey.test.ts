import { account, approvePayouts, balances, checkLedger, reconcilePayouts, recordC2bPayment, requestRefund, retryPayout, runPayoutRound, type Order, type Payout } from '@escrow/core';
import { createKyselyLedgerAudit } from '@escrow/db-kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, PASSWORD, type SellerSession } from '../escrow-seller/seller-world.js';
import { openMpesaWorld, type MpesaWorld } from '../mpesa/mpesa-world.js';

const ADMIN = { kind: 'admin', userId: 'payouts-admin' } as const;
const SELLER_MSISDN = '254712345678';

/**
 * Payouts end to end over real HTTP (decision 0051): the core -> the Daraja client -> the
 * simulator's B2C -> its Result POSTed to our callback route -> the payout, the order and the
 * ledger. Every outcome the simulator can give, with what M-Pesa paid counted on its side.
 */
describe.each(DIALECTS)('payouts by M-Pesa B2C against the Daraja simulator (%s)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect, {
      env: { MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential', MPESA_REGISTER_C2B_URLS: 'off', MPESA_PAYOUTS: 'automatic' },
      // The worker's own rounds are slow here: the tests run rounds themselves, and a stray one changes nothing they check.
      payoutIntervalMs: 60_000,
    });
    seller = await w.seller();
  }, 60_000);
  afterAll(async () => w?.dispose());
  beforeEach(() => w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'success' }));

  const payoutsOf = (order: Order) => w.deps.store.read((tx) => tx.payouts.listByOrder(order.id));
  const postings = (order: Order) => w.deps.store.read((tx) => tx.ledger.listByOrder(order.id));
  const simPayoutsTo = (order: Order) => w.sim.payouts.list().filter((p) => p.occasion === order.trackingNumber);
  const ledgerProblems = async () => {
    const report = await checkLedger({ ledgerAudit: createKyselyLedgerAudit(w.composed.database.db, w.composed.database.dialect) }, { actor: ADMIN });
    if (!report.ok) throw new Error(report.error.code);
    return report.value.discrepancies;
  };
  const payoutIn = (order: Order, state: Payout['state'], purpose: Payout['purpose'] = 'seller') =>
    w.eventually(async () => (await payoutsOf(order)).find((p) => p.purpose === purpose && p.state === state), 15_000);
  /** Makes the payout due now (a status query, or a resend), as time passing would. */
  const dueNow = async (payout: Payout) => {
    await w.deps.store.transaction(async (tx) => {
      const current = await tx.payouts.get(payout.id);
      if (!current || !(await tx.payouts.update(current.id, current.version, { nextAttemptAt: new Date(Date.now() - 1) }))) throw new Error('payout moved');
    });
  };

  it('success: the seller is paid once, in whole shillings, the order settles, the seller is told the receipt, and the ledger is exact', async () => {
    const { order } = await w.delivered(seller);
    const [queued] = await payoutsOf(order);
    expect(queued).toMatchObject({ purpose: 'seller', state: 'queued', amount: order.sellerPayout });
    await runPayoutRound(w.deps);
    const paid = await payoutIn(order, 'succeeded');
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.destination).toEqual({ kind: 'mpesa_phone', msisdn: expect.stringMatching(/712345678$/) });
    const settled = await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? w.reload(order.id) : undefined));
    expect(settled).toMatchObject({ settlementPaid: true, settlementReference: paid.receipt });
    // What the seller sees on the order.
    const sellerView = await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie });
    expect(sellerView.body.data.payout).toEqual({ state: 'paid', amount: order.sellerPayout, receipt: paid.receipt, message: `Paid to your M-Pesa: receipt ${paid.receipt}.` });
    // M-Pesa's side: one request, whole shillings.
    const sent = simPayoutsTo(order);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ api: 'b2c', commandId: 'BusinessPayment', receiver: SELLER_MSISDN, amount: Math.floor(order.sellerPayout / 100), status: 'completed', receipt: paid.receipt });
    const mine = await postings(order);
    expect(mine.map((p) => p.kind)).toEqual(['payment_in', 'delivery_release', 'payout_sent', 'payout_paid']);
    const b = balances(mine);
    expect(b.get(account.sellerPayable(order.sellerId)) ?? 0).toBe(0);
    expect((b.get(account.payoutsSent) ?? 0) + (b.get(account.payoutRounding) ?? 0)).toBe(order.sellerPayout);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('a Result posted twice pays nothing twice and changes nothing the second time', async () => {
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'success', result: 'twice' });
    const { order } = await w.delivered(seller);
    await runPayoutRound(w.deps);
    await payoutIn(order, 'succeeded');
    await w.eventually(async () => (w.sim.callbacks().filter((c) => c.url.includes('/payouts/result') && JSON.stringify(c.body).includes((simPayoutsTo(order)[0]?.originatorConversationId ?? '?'))).length >= 2 ? true : undefined));
    expect((await postings(order)).filter((p) => p.kind === 'payout_paid')).toHaveLength(1);
    expect(simPayoutsTo(order)).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it.each([
    ['insufficient_funds', /does not hold enough money/],
    ['invalid_receiver', /not a registered M-Pesa customer/],
  ] as const)('%s: the payout fails in words, the money is back in the payable account, Retry pays it once with a new id', async (outcome, words) => {
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome, times: 1 });
    const { order } = await w.delivered(seller);
    await runPayoutRound(w.deps);
    const failed = await payoutIn(order, 'failed');
    expect(failed.problem).toMatch(words);
    expect((await w.reload(order.id)).status).toBe('awaiting_settlement');
    // The seller reads that it is delayed, not M-Pesa's internals.
    const sellerView = await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: seller.cookie });
    expect(sellerView.body.data.payout).toMatchObject({ state: 'delayed', receipt: null });
    expect(balances(await postings(order)).get(account.sellerPayable(order.sellerId))).toBe(order.sellerPayout);
    expect(await ledgerProblems()).toEqual([]);

    const retried = await retryPayout(w.deps, { payoutId: failed.id, actor: ADMIN });
    expect(retried.ok).toBe(true);
    await runPayoutRound(w.deps);
    const paid = await payoutIn(order, 'succeeded');
    expect(paid.originatorConversationId).not.toBe(failed.originatorConversationId);
    const sent = simPayoutsTo(order);
    expect(sent.map((p) => p.status)).toEqual(['failed', 'completed']);
    await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined));
    expect(await ledgerProblems()).toEqual([]);
  });

  it('a lost Result: the payout is asked about by its OriginatorConversationID, never paid again', async () => {
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'success', result: 'lost', times: 1 });
    const { order } = await w.delivered(seller);
    await runPayoutRound(w.deps);
    const sent = await payoutIn(order, 'sent');
    await dueNow(sent);
    await runPayoutRound(w.deps);
    const paid = await payoutIn(order, 'succeeded');
    expect(paid.receipt).toBe(simPayoutsTo(order)[0]?.receipt);
    expect(simPayoutsTo(order)).toHaveLength(1);
    await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined));
    expect(await ledgerProblems()).toEqual([]);
  });

  it('a queue timeout: M-Pesa has no record of it, so it fails in words; Retry sends it with a new id and it is paid once', async () => {
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'queue_timeout', times: 1 });
    const { order } = await w.delivered(seller);
    await runPayoutRound(w.deps);
    const unknown = await payoutIn(order, 'unknown');
    expect(unknown.queueTimeoutAt).not.toBeNull();
    expect(await ledgerProblems()).toEqual([]);
    await dueNow(unknown);
    await runPayoutRound(w.deps);
    const failed = await payoutIn(order, 'failed');
    expect(failed.problem).toMatch(/queue timed out/);
    expect(must(await retryPayout(w.deps, { payoutId: failed.id, actor: ADMIN })).state).toBe('queued');
    await runPayoutRound(w.deps);
    await payoutIn(order, 'succeeded');
    expect(simPayoutsTo(order).map((p) => p.status)).toEqual(['timed_out', 'completed']);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('the seller pays delivery: the rider is paid too, and the order settles only when both are paid', async () => {
    const { order, phone } = await w.delivered(seller, { deliveryCost: 300_00, deliveryPaidBy: 'seller' });
    const riderMsisdn = `254${phone.replace(/\D/g, '').slice(-9)}`;
    w.sim.payouts.setBehaviour(riderMsisdn, { outcome: 'insufficient_funds', times: 1 });
    await runPayoutRound(w.deps);
    await payoutIn(order, 'succeeded', 'seller');
    const riderFailed = await payoutIn(order, 'failed', 'rider');
    expect(riderFailed.amount).toBe(300_00);
    expect((await w.reload(order.id)).status).toBe('awaiting_settlement');
    expect(await ledgerProblems()).toEqual([]);
    must(await retryPayout(w.deps, { payoutId: riderFailed.id, actor: ADMIN }));
    await runPayoutRound(w.deps);
    await payoutIn(order, 'succeeded', 'rider');
    await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined));
    expect(simPayoutsTo(order).filter((p) => p.status === 'completed').map((p) => p.receiver).sort()).toEqual([SELLER_MSISDN, riderMsisdn].sort());
    expect(await ledgerProblems()).toEqual([]);
  });

  it('approving or retrying a payout that is not waiting for it changes nothing', async () => {
    const { order } = await w.delivered(seller);
    const [payout] = await payoutsOf(order);
    expect((await retryPayout(w.deps, { payoutId: payout!.id, actor: ADMIN })).ok).toBe(false);
    const approved = await approvePayouts(w.deps, { orderId: order.id, actor: ADMIN });
    expect(approved.ok && approved.value.payouts.map((p) => p.state)).toEqual(['queued']);
    await runPayoutRound(w.deps);
    await payoutIn(order, 'succeeded');
    expect((await approvePayouts(w.deps, { orderId: order.id, actor: ADMIN })).ok).toBe(false);
    expect(simPayoutsTo(order)).toHaveLength(1);
  });

  it('a refund approved without a reference is paid by B2C to the phone that paid, once; the buyer reads where it is and gets an SMS', async () => {
    const order = await w.order(seller);
    const payer = '254722333444';
    const paid = await recordC2bPayment(w.deps, { transId: `RF${order.trackingNumber.slice(0, 8)}`, billRefNumber: order.trackingNumber, amount: order.price, msisdn: payer, payerName: 'JANE PAYER', businessShortCode: '174379', transTime: '20261127120000' });
    expect(paid.ok && paid.value.outcome).toBe('paid_order');
    const before = await w.reload(order.id);
    expect(before.payerPhone).toBe('+254722333444');
    must(await requestRefund(w.deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, reason: 'The seller stopped answering' }));
    const request = await w.deps.store.read((tx) => tx.refunds.findOpenByOrder(order.id));
    const adminCookie = (await w.admin()).cookie;
    // The admin screen learns that M-Pesa sends refunds here (no reference to type).
    expect((await w.call('GET', '/api/admin/refund-requests', { cookie: adminCookie })).body.data.payoutMode).toBe('automatic');
    const resolved = await w.call('POST', `/api/admin/refund-requests/${request!.id}/resolve`, { cookie: adminCookie, json: { decision: 'refund' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.message).toMatch(/M-Pesa is sending it/);
    expect(await w.reload(order.id)).toMatchObject({ status: 'cancelled' });
    const buyerPage = async () => (await w.call('GET', `/api/buyer/orders/${order.id}`, { headers: { 'x-delivery-code': order.deliveryCode } })).body.data;
    expect((await buyerPage()).refund).toMatchObject({ state: 'on_its_way', message: expect.stringMatching(/is on its way to your M-Pesa \(07xx xxx 444\)/) });
    await runPayoutRound(w.deps);
    const refunded = await payoutIn(order, 'succeeded', 'refund');
    const sent = simPayoutsTo(order);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ api: 'b2c', receiver: payer, amount: Math.floor(order.price / 100), status: 'completed' });
    expect((await buyerPage()).refund).toMatchObject({ state: 'sent', receipt: refunded.receipt, message: expect.stringContaining(`M-Pesa receipt: ${refunded.receipt}`) });
    // The texts to the payer, as queued in the outbox (sent by the dispatcher after commit).
    const texts = (await w.composed.database.db.selectFrom('outbox').select('payload').execute())
      .map((row) => JSON.parse(row.payload) as { channel?: string; to?: string; body?: string })
      .filter((m) => m.channel === 'sms' && m.to === '+254722333444')
      .map((m) => m.body ?? '');
    expect(texts.some((t) => t.includes('was sent to your M-Pesa') && t.includes(refunded.receipt ?? '?'))).toBe(true);
    expect(texts.some((t) => t.includes('is on its way to your M-Pesa'))).toBe(true);
    const mine = await postings(order);
    expect(mine.map((p) => p.kind)).toEqual(['payment_in', 'refund_reserve', 'payout_sent', 'payout_paid']);
    expect(balances(mine).get(account.escrow) ?? 0).toBe(0);
    expect(await ledgerProblems()).toEqual([]);
    // A second resolution of the same request changes nothing and pays nothing.
    expect((await w.call('POST', `/api/admin/refund-requests/${request!.id}/resolve`, { cookie: adminCookie, json: { decision: 'refund' } })).status).toBe(409);
    expect(simPayoutsTo(order)).toHaveLength(1);
  });

  it('a refund with no phone that paid is refused in words unless the M-Pesa reference of a refund made by hand is given', async () => {
    const order = await w.paid(seller);
    expect((await w.reload(order.id)).payerPhone).toBeNull();
    must(await requestRefund(w.deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, reason: 'Never came' }));
    const request = await w.deps.store.read((tx) => tx.refunds.findOpenByOrder(order.id));
    const adminCookie = (await w.admin()).cookie;
    const refused = await w.call('POST', `/api/admin/refund-requests/${request!.id}/resolve`, { cookie: adminCookie, json: { decision: 'refund' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/did not give the phone that paid/);
    expect((await w.reload(order.id)).status).toBe('paid');
    const byHand = await w.call('POST', `/api/admin/refund-requests/${request!.id}/resolve`, { cookie: adminCookie, json: { decision: 'refund', mpesaReference: 'QR12ST34UV' } });
    expect(byHand.status).toBe(200);
    expect(simPayoutsTo(order)).toHaveLength(0);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('new payout details wait 24 hours, then the payout goes to them: a Paybill by B2B, paid once', async () => {
    const changer = await w.seller('Paybill Traders');
    const changed = await w.call('PUT', '/api/seller/profile/payout-details', { cookie: changer.cookie, json: { method: 'paybill', paybillNumber: '247247', accountReference: 'ACC-77', currentPassword: PASSWORD } });
    expect(changed.status).toBe(200);
    const { order } = await w.delivered(changer);
    await runPayoutRound(w.deps);
    const held = (await payoutsOf(order))[0]!;
    expect(held).toMatchObject({ state: 'queued', problem: expect.stringMatching(/^Held until .* the seller changed the payout details less than 24 hours ago/) });
    expect(held.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);
    expect(simPayoutsTo(order)).toHaveLength(0);
    // The seller reads why, and until when (not "on its way").
    const heldView = await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: changer.cookie });
    expect(heldView.body.data.payout).toMatchObject({ state: 'held', receipt: null, message: expect.stringMatching(/^Your payout is held until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(Nairobi time\): your payout details changed less than 24 hours ago\.$/) });
    // A day passes: the change is older than 24 hours, and the payout is due.
    await w.composed.database.db.updateTable('sellers').set({ payout_details_changed_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString() }).where('id', '=', order.sellerId).execute();
    await dueNow(held);
    await runPayoutRound(w.deps);
    const paid = await payoutIn(order, 'succeeded');
    expect(paid.destination).toEqual({ kind: 'paybill', businessNumber: '247247', accountReference: 'ACC-77' });
    expect((await w.call('GET', `/api/seller/orders/${order.id}`, { cookie: changer.cookie })).body.data.payout).toMatchObject({ state: 'paid', receipt: paid.receipt });
    expect(simPayoutsTo(order)).toEqual([expect.objectContaining({ api: 'b2b', commandId: 'BusinessPayBill', receiver: '247247', accountReference: 'ACC-77', status: 'completed' })]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('reconciliation: nothing unmatched when every payout is paid; a failed payout and money in clearing show until they are resolved', async () => {
    const clean = must(await reconcilePayouts(w.deps, { actor: ADMIN }));
    expect(clean.unmatched).toEqual([]);
    expect(clean.clearingInLedger).toBe(clean.inFlight);
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'insufficient_funds', times: 1 });
    const { order } = await w.delivered(seller);
    await runPayoutRound(w.deps);
    const failed = await payoutIn(order, 'failed');
    const report = must(await reconcilePayouts(w.deps, { actor: ADMIN }));
    expect(report.unmatched).toEqual([{ payoutId: failed.id, orderId: order.id, problem: expect.stringMatching(/^Failed and not paid: .*does not hold enough money/) }]);
    expect(report.clearingInLedger).toBe(report.inFlight);
    must(await retryPayout(w.deps, { payoutId: failed.id, actor: ADMIN }));
    await runPayoutRound(w.deps);
    await payoutIn(order, 'succeeded');
    expect(must(await reconcilePayouts(w.deps, { actor: ADMIN })).unmatched).toEqual([]);
  });
});

function must<T>(result: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

/** Payouts approved by an admin (MPESA_PAYOUTS=approval): Mark Paid becomes 'Approve payout', over real HTTP. */
describe.each(DIALECTS)('payouts approved by an admin (%s)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let adminCookie: string;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect, {
      env: { MPESA_INITIATOR_NAME: 'testapi', MPESA_SECURITY_CREDENTIAL: 'sim-security-credential', MPESA_REGISTER_C2B_URLS: 'off', MPESA_PAYOUTS: 'approval' },
      payoutIntervalMs: 60_000,
    });
    seller = await w.seller();
    adminCookie = (await w.admin()).cookie;
  }, 60_000);
  afterAll(async () => w?.dispose());

  const payoutsOf = (order: Order) => w.deps.store.read((tx) => tx.payouts.listByOrder(order.id));
  const simPayoutsTo = (order: Order) => w.sim.payouts.list().filter((p) => p.occasion === order.trackingNumber);
  const approve = (order: Order, key?: string) => w.call('POST', `/api/admin/orders/${order.id}/settlement`, { cookie: adminCookie, json: {}, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  it('a delivered order waits for approval; 50 approvals at once (keys or none) send one B2C request, and the order settles', async () => {
    const { order } = await w.delivered(seller);
    expect((await payoutsOf(order)).map((p) => p.state)).toEqual(['awaiting_approval']);
    await runPayoutRound(w.deps);
    expect(simPayoutsTo(order)).toHaveLength(0);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => approve(order, i % 2 === 0 ? `approve-${order.id}-${i}` : undefined)));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(answers[0]?.body.data.message).toMatch(/Payout approved/);
    // Several workers' rounds at once, as several API processes would run them.
    await Promise.all([runPayoutRound(w.deps), runPayoutRound(w.deps), runPayoutRound(w.deps)]);
    await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined), 15_000);
    expect(simPayoutsTo(order)).toHaveLength(1);
    expect(simPayoutsTo(order)[0]?.status).toBe('completed');
    // After settlement, Mark Paid says so and sends nothing.
    expect((await approve(order)).status).toBe(409);
    expect(simPayoutsTo(order)).toHaveLength(1);
  });

  it('50 retries of a failed payout at once send one new request; the list shows the failure in words first', async () => {
    w.sim.payouts.setBehaviour(SELLER_MSISDN, { outcome: 'insufficient_funds', times: 1 });
    const { order } = await w.delivered(seller);
    expect((await approve(order)).status).toBe(200);
    await runPayoutRound(w.deps);
    const failed = await w.eventually(async () => (await payoutsOf(order)).find((p) => p.state === 'failed'), 15_000);
    const listed = await w.call('GET', '/api/admin/payouts?failed=1', { cookie: adminCookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data.payouts.find((p: { id: string }) => p.id === failed.id)).toMatchObject({ state: 'failed', stateLabel: 'Failed', canRetry: true, trackingNumber: order.trackingNumber, problem: expect.stringMatching(/does not hold enough money/) });
    const retries = await Promise.all(Array.from({ length: 50 }, () => w.call('POST', `/api/admin/payouts/${failed.id}/retry`, { cookie: adminCookie })));
    expect(retries.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(retries.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    await Promise.all([runPayoutRound(w.deps), runPayoutRound(w.deps)]);
    await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined), 15_000);
    expect(simPayoutsTo(order).map((p) => p.status)).toEqual(['failed', 'completed']);
  });

  it('a payout paid by hand: the M-Pesa reference is recorded once, the order settles, and a wrong reference is refused in words', async () => {
    const { order } = await w.delivered(seller);
    const [payout] = await payoutsOf(order);
    const bad = await w.call('POST', `/api/admin/payouts/${payout!.id}/reference`, { cookie: adminCookie, json: { reference: 'not a receipt' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Enter the 10-character M-Pesa reference of the payout');
    // The buyer's payment receipt is not a payout's (decision 0050): refused, nothing changes.
    const asPayment = await w.call('POST', `/api/admin/payouts/${payout!.id}/reference`, { cookie: adminCookie, json: { reference: order.mpesaReceipt } });
    expect(asPayment.status).toBe(409);
    expect(asPayment.body.error?.code).toBe('REFERENCE_IS_A_PAYMENT');
    expect((await payoutsOf(order))[0]?.state).toBe('awaiting_approval');
    const recorded = await w.call('POST', `/api/admin/payouts/${payout!.id}/reference`, { cookie: adminCookie, json: { reference: 'qk12ab34cd' } });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data.payout).toMatchObject({ state: 'recorded', receipt: 'QK12AB34CD' });
    expect(await w.reload(order.id)).toMatchObject({ status: 'settlement_completed', settlementReference: 'QK12AB34CD' });
    expect(simPayoutsTo(order)).toHaveLength(0);
    const again = await w.call('POST', `/api/admin/payouts/${payout!.id}/reference`, { cookie: adminCookie, json: { reference: 'QK12AB34CE' } });
    expect(again.status).toBe(409);
    // The same reference for another order's payout: refused.
    const other = (await w.delivered(seller)).order;
    const [otherPayout] = await payoutsOf(other);
    const reused = await w.call('POST', `/api/admin/payouts/${otherPayout!.id}/reference`, { cookie: adminCookie, json: { reference: 'QK12AB34CD' } });
    expect(reused.status).toBe(409);
    expect(reused.body.error?.code).toBe('REFERENCE_ALREADY_USED');
  });

  it('the orders list gives the mode and each delivered order its payouts (what the row shows: Approve payout, the states, the receipt)', async () => {
    const list = async (order: Order) => {
      const reply = await w.call('GET', `/api/admin/orders?q=${order.trackingNumber}`, { cookie: adminCookie });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.data.payoutMode).toBe('approval');
      return reply.body.data.orders[0] as { status: string; payouts: { purpose: string; state: string; stateLabel: string; receipt: string | null; amount: number }[] };
    };
    const { order } = await w.delivered(seller);
    expect((await list(order)).payouts).toEqual([expect.objectContaining({ purpose: 'seller', state: 'awaiting_approval', stateLabel: 'Waiting for approval', amount: order.sellerPayout, receipt: null })]);
    expect((await approve(order)).status).toBe(200);
    await runPayoutRound(w.deps);
    await w.eventually(async () => ((await w.reload(order.id)).status === 'settlement_completed' ? true : undefined), 15_000);
    const settled = await list(order);
    expect(settled.status).toBe('settlement_completed');
    expect(settled.payouts).toEqual([expect.objectContaining({ state: 'succeeded', stateLabel: 'Paid', receipt: simPayoutsTo(order)[0]?.receipt })]);
    // An order not yet delivered has none.
    const unpaid = await w.order(seller);
    expect((await list(unpaid)).payouts).toEqual([]);
  });
});
