import { nairobiDateTime } from '../../export/orders-csv.js';
import { claimPending } from '../../ledger/ledger-audit.js';
import type { Order } from '../../orders/order.js';
import { outcomeAsksAgain, type StatusQuery } from '../../payments/status-query.js';

const eat = (at: Date) => `${nairobiDateTime(at).slice(0, 16)} EAT`;

/**
 * Where the check of a claim stands, in words for an admin (the unverified payments list, the
 * admin's order page): what M-Pesa's Transaction Status said of the claimed receipt, or that
 * it is being asked, or was never asked. Null when the order has no open claim.
 * `queries`: the order's, newest first (listStatusQueriesForOrder).
 */
export function claimCheckNote(order: Order, queries: readonly StatusQuery[]): string | null {
  if (!claimPending(order) || order.paymentClaimReceipt === null) return null;
  const mine = queries.filter((q) => q.receipt === order.paymentClaimReceipt);
  // A final answer outweighs the attempts around it (a late Result of an earlier query included).
  const final = mine.find((q) => q.status === 'answered' && q.outcome !== null && !outcomeAsksAgain(q.outcome));
  const latest = final ?? mine[0];
  if (!latest) return 'M-Pesa not asked yet (Transaction Status asks 2 minutes after the claim, when an initiator is configured).';
  const again = latest.nextAttemptAt && !final ? ` Next query ${eat(latest.nextAttemptAt)}.` : '';
  switch (latest.status) {
    case 'answered':
      return `${latest.note ?? 'M-Pesa answered.'} (query ${latest.attempt}, ${eat(latest.answeredAt ?? latest.updatedAt)})${again}`;
    case 'sending':
    case 'sent':
      return `Asked M-Pesa (Transaction Status query ${latest.attempt}) at ${eat(latest.createdAt)}; waiting for its answer.${again}`;
    case 'unknown':
      return `Transaction Status query ${latest.attempt} at ${eat(latest.createdAt)} got no answer (${latest.resultDesc ?? 'unknown'}).${again}`;
    case 'failed':
      return `M-Pesa refused Transaction Status query ${latest.attempt} at ${eat(latest.createdAt)} (${latest.resultDesc ?? 'no reason given'}).${latest.nextAttemptAt ? again : ' Not asked again automatically.'}`;
  }
}
