import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceDifferences, balances, checkLedger, ExpectedBalances, makePosting, type LedgerAuditSource, type Order, type Posting } from '../../src/index.js';
import { payByPaybill, runScenario } from '../../src/testing/index.js';
import { stepsArb } from '../support/arbitraries.js';
import { memoryWorld } from '../support/world.js';

const RUNS = Number(process.env.ESCROW_SEQUENCE_RUNS ?? 300);

/** The memory store as a ledger-audit source (one snapshot: its state at call time). */
function memorySource(orders: readonly Order[], postings: readonly Posting[]): LedgerAuditSource {
  return {
    inSnapshot: async (work) =>
      work({
        async *orderBatches(size) {
          const sorted = [...orders].sort((a, b) => (a.id < b.id ? -1 : 1));
          for (let i = 0; i < sorted.length; i += size) {
            const batch = sorted.slice(i, i + size);
            const ids = new Set(batch.map((o) => o.id));
            yield { orders: batch, postings: postings.filter((p) => ids.has(p.orderId)), payouts: [] };
          }
        },
        accountBalances: async () => balances(postings),
        unbalancedPostings: async () =>
          postings
            .map((p) => ({ postingId: p.id, orderId: p.orderId, kind: p.kind, sum: p.entries.reduce((s, e) => s + e.amount, 0), lines: p.entries.length }))
            .filter((p) => p.sum !== 0 || p.lines < 2),
        postingCount: async () => postings.length,
      }),
  };
}

const admin = { kind: 'admin', userId: 'admin-1' } as const;

describe('the ledger check', () => {
  it(`finds nothing wrong after any random sequence of use cases: the balances the orders call for are the ledger's (${RUNS} sequences)`, async () => {
    const kinds = new Set<string>();
    const checkSequence = async (steps: Parameters<typeof runScenario>[2]) => {
      const { deps, world, store } = memoryWorld();
      await runScenario(deps, world, steps);
      const orders = [...store.state.orders.values()];
      const expected = new ExpectedBalances();
      for (const order of orders) expected.add(order);
      const actual = balances(store.state.postings);
      // Accounts a ledger reaches zero in (a refund's buyer_refundable) are not expected entries.
      expect(balanceDifferences(expected.balances, actual)).toEqual([]);
      for (const [name, amount] of actual) if (amount !== 0) kinds.add(name.split(':')[0] ?? name);
      const report = await checkLedger({ ledgerAudit: memorySource(orders, store.state.postings) }, { actor: admin, batchSize: 3 });
      expect(report).toMatchObject({ ok: true, value: { discrepancies: [], orders: orders.length, postings: store.state.postings.length } });
    };
    await fc.assert(fc.asyncProperty(stepsArb(40), checkSequence), { numRuns: RUNS });
    // The sequences must reach every kind of account, or the property proves little. Refunds
    // (which need a valid M-Pesa reference) are rare in them: some runs reach refunds_sent and
    // most do not, so it is allowed, not required; it has its own case below.
    // mpesa_unverified: claims (a typed receipt M-Pesa has not confirmed), released when it does or on cancel.
    const required = ['escrow', 'mpesa_clearing', 'mpesa_unverified', 'payouts_sent', 'platform_fees', 'rider_payable', 'seller_fees_owed', 'seller_payable'];
    const reached = () => [...kinds].filter((kind) => kind !== 'refunds_sent').sort();
    // A kind the random sequences rarely reach may be missing from one batch (CI saw it once in
    // 300): more sequences, each checked the same way, up to 3 more batches, before failing.
    for (let batch = 0; batch < 3 && reached().length < required.length; batch++) {
      for (const steps of fc.sample(stepsArb(40), RUNS)) await checkSequence(steps);
    }
    expect(reached()).toEqual(required);
  }, 120_000);

  it('names every planted discrepancy: a wrong order column, a posting to the wrong account, an extra posting, a malformed one', async () => {
    const { deps, world, store } = memoryWorld();
    await runScenario(deps, world, []);
    const { createOrder, confirmPayment } = await import('../../src/index.js');
    const created = await createOrder(deps, { actor: { kind: 'seller', sellerId: 'seller-a' }, input: { itemName: 'Phone', price: 10_000_00, buyerName: 'Achieng', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa', deliveryCost: 200_00 } });
    if (!created.ok) throw new Error(created.error.code);
    await payByPaybill(deps, created.value, 'NLJ7RT61SV');
    const paid = await confirmPayment(deps, { orderId: created.value.id, actor: { kind: 'buyer', deliveryCode: created.value.deliveryCode }, mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true });
    if (!paid.ok) throw new Error(paid.error.code);
    const order = paid.value;
    const clean = await checkLedger({ ledgerAudit: memorySource([order], store.state.postings) }, { actor: admin });
    expect(clean.ok && clean.value.discrepancies).toEqual([]);

    const stray = makePosting({ id: 'stray', orderId: order.id, kind: 'settlement_out', reference: null, createdAt: new Date(), entries: [{ account: 'seller_payable:seller-a', amount: -500 }, { account: 'payouts_sent', amount: 500 }] });
    if (!stray.ok) throw new Error('posting');
    const oneLine: Posting = { id: 'one-line', orderId: order.id, kind: 'refund_out', reference: null, createdAt: new Date(), entries: [{ account: 'escrow', amount: 0 }] };
    const report = await checkLedger({ ledgerAudit: memorySource([{ ...order, price: order.price + 1 } as Order], [...store.state.postings, stray.value, oneLine]) }, { actor: admin });
    if (!report.ok) throw new Error(report.error.code);
    const text = report.value.discrepancies.join('\n');
    expect(text).toContain(`order ${order.trackingNumber} (${order.id}): settlement_out postings: 1, expected 0`);
    expect(text).toContain('fee + payouts != price');
    expect(text).toContain('account seller_payable:seller-a: the ledger holds -500 cents, the orders call for 0 (difference -500)');
    expect(text).toContain('account payouts_sent: the ledger holds 500 cents');
    expect(text).toContain(`account escrow: the ledger holds ${order.price} cents, the orders call for ${order.price + 1}`);
    expect(text).toContain('posting one-line (refund_out, order');
  });

  it('agrees with the ledger after refunds (the full price back through buyer_refundable) and rejected refund requests', async () => {
    const { deps, store } = memoryWorld();
    const { createOrder, confirmPayment, requestRefund, resolveRefund } = await import('../../src/index.js');
    const refunded: Order[] = [];
    for (const decision of ['refund', 'reject'] as const) {
      const created = await createOrder(deps, { actor: { kind: 'seller', sellerId: 'seller-a' }, input: { itemName: 'Dress', price: 4_999_99, buyerName: 'Wambui', buyerPhone: '0722000111', buyerAddress: 'Ngong Road', deliveryCost: 0 } });
      if (!created.ok) throw new Error(created.error.code);
      const code = created.value.deliveryCode;
      await payByPaybill(deps, created.value, decision === 'refund' ? 'NLJ7RT61SV' : 'NLJ7RT61SW');
      const paid = await confirmPayment(deps, { orderId: created.value.id, actor: { kind: 'buyer', deliveryCode: code }, mpesaReceipt: decision === 'refund' ? 'NLJ7RT61SV' : 'NLJ7RT61SW', termsAccepted: true });
      if (!paid.ok) throw new Error(paid.error.code);
      const request = await requestRefund(deps, { orderId: created.value.id, actor: { kind: 'buyer', deliveryCode: code }, reason: 'Not as described' });
      if (!request.ok) throw new Error(request.error.code);
      const resolution = decision === 'refund' ? { decision, mpesaReference: 'RFD1234567' } : { decision };
      const resolved = await resolveRefund(deps, { refundId: request.value.id, actor: admin, resolution });
      if (!resolved.ok) throw new Error(resolved.error.code);
      refunded.push(resolved.value);
    }
    expect(refunded.map((o) => o.status)).toEqual(['cancelled', 'paid']);
    const actual = balances(store.state.postings);
    expect(actual.get('refunds_sent')).toBe(4_999_99);
    const report = await checkLedger({ ledgerAudit: memorySource([...store.state.orders.values()], store.state.postings) }, { actor: admin });
    expect(report.ok && report.value.discrepancies).toEqual([]);
  });

  it('is for admins only', async () => {
    expect(await checkLedger({ ledgerAudit: memorySource([], []) }, { actor: { kind: 'seller', sellerId: 's' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
