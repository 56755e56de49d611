import { err, ok, type Result } from '../../errors.js';
import { balanceDifferences, ExpectedBalances } from '../../ledger/ledger-audit.js';
import { checkOrderAgainstLedger } from '../../ledger/balances.js';
import type { Actor } from '../../orders/actor.js';
import type { LedgerAuditSource } from '../../ports/ledger-audit-source.js';
import { adminOf } from './admin-caller.js';

export interface LedgerCheckReport {
  readonly orders: number;
  readonly postings: number;
  readonly accounts: number;
  /** Empty when every order and every balance agrees with the ledger. */
  readonly discrepancies: readonly string[];
}

/**
 * `escrow-admin ledger check`: every order's columns and status against its postings
 * (`checkOrderAgainstLedger`), every posting balanced, and every account's balance against what
 * the orders call for (`expectedLedgerEntries`), all in one database snapshot.
 */
export async function checkLedger(deps: { readonly ledgerAudit: LedgerAuditSource }, args: { actor: Actor; batchSize?: number }): Promise<Result<LedgerCheckReport>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  const batchSize = args.batchSize ?? 500;
  return ok(
    await deps.ledgerAudit.inSnapshot(async (snapshot) => {
      const discrepancies: string[] = [];
      const expected = new ExpectedBalances();
      let orders = 0;
      for await (const batch of snapshot.orderBatches(batchSize)) {
        const byOrder = new Map<string, (typeof batch.postings)[number][]>();
        for (const posting of batch.postings) byOrder.set(posting.orderId, [...(byOrder.get(posting.orderId) ?? []), posting]);
        const payoutsByOrder = new Map<string, (typeof batch.payouts)[number][]>();
        for (const payout of batch.payouts) payoutsByOrder.set(payout.orderId, [...(payoutsByOrder.get(payout.orderId) ?? []), payout]);
        for (const order of batch.orders) {
          orders += 1;
          const payouts = payoutsByOrder.get(order.id) ?? [];
          expected.add(order, payouts);
          for (const problem of checkOrderAgainstLedger(order, byOrder.get(order.id) ?? [], payouts)) discrepancies.push(`order ${order.trackingNumber} (${order.id}): ${problem}`);
        }
      }
      // Postings that do not sum to zero were named with their order above; a posting of fewer
      // than two lines is malformed even when it sums to zero.
      for (const p of await snapshot.unbalancedPostings()) {
        if (p.lines < 2 && p.sum === 0) discrepancies.push(`posting ${p.postingId} (${p.kind}, order ${p.orderId}): ${p.lines} line(s), a posting needs two or more`);
      }
      const actual = await snapshot.accountBalances();
      discrepancies.push(...balanceDifferences(expected.balances, actual));
      return { orders, postings: await snapshot.postingCount(), accounts: actual.size, discrepancies };
    }),
  );
}
