import type { Actor } from '../../orders/actor.js';
import type { PayoutReport } from '../../ports/payout-gateway.js';
import { attemptOfStatusQuery, IN_FLIGHT_STATES, PAID_STATES, type Payout } from '../../payouts/payout.js';
import type { EscrowDeps } from '../deps.js';
import { enqueueSms } from '../mutate-order.js';
import { textsFor } from '../../messages/recipient-texts.js';
import { claimMoneyOutReference } from '../claim-money-out-reference.js';
import { finishSettlement } from './finish-settlement.js';
import { reportedAmountProblem } from './reconcile-payouts.js';
import { changePayout } from './payout-change.js';

const SYSTEM: Actor = { kind: 'system' };

export type PayoutReportOutcome =
  /** No payout of ours has that id: nothing changed (logged by the caller). */
  | 'unknown_payout'
  /** Stored: the payout changed. */
  | 'recorded'
  /** It said nothing new (a repeated Result, an answer about an attempt already settled). */
  | 'unchanged';

/**
 * What M-Pesa said about a payout: its Result (`source: 'result'`, naming the attempt's
 * OriginatorConversationID) or a Transaction Status Result (`source: 'status'`, naming the
 * query, whose id names the attempt). Callbacks are hints only in what they may change:
 * - paid, with a receipt: the payout succeeded (from any state but paid: M-Pesa's word on a
 *   payout settles it), the money leaves clearing, and the order's settlement completes when
 *   every payout is paid; a refund tells the phone that paid.
 * - failed: an attempt in flight failed: its money goes back to its account, a person may Retry.
 * - unknown (no such transaction): a payout whose request never arrived (its claimer died, or
 *   the request timed out unanswered) is sent again with the SAME id, which Daraja refuses if it
 *   did arrive; an accepted one (`sent`) waits for its Result.
 */
export async function recordPayoutReport(
  deps: EscrowDeps,
  args: { source: 'result' | 'status' | 'queue_timeout'; originatorConversationId: string; conversationId?: string | null; report: PayoutReport },
): Promise<PayoutReportOutcome> {
  const attemptId = args.source === 'status' ? attemptOfStatusQuery(args.originatorConversationId) : args.originatorConversationId;
  const found =
    (attemptId ? await deps.store.read((tx) => tx.payouts.findByOriginatorId(attemptId)) : undefined) ??
    (args.source !== 'status' && args.conversationId ? await deps.store.read((tx) => tx.payouts.findByConversationId(args.conversationId ?? '')) : undefined);
  if (!found) return 'unknown_payout';
  const outcome = await deps.store.transaction(async (tx): Promise<{ outcome: PayoutReportOutcome; payout?: Payout }> => {
    const order = await tx.orders.getForUpdate(found.orderId);
    const payout = await tx.payouts.get(found.id);
    if (!order || !payout || payout.originatorConversationId !== found.originatorConversationId) return { outcome: 'unchanged' };
    const now = deps.clock.now();
    const { report } = args;
    const change = (changes: Parameters<typeof changePayout>[2]['changes'], note?: Record<string, unknown>) =>
      changePayout(deps, tx, { order, payout, changes, now, actor: SYSTEM, note: { source: args.source, ...note } });
    if (args.source === 'queue_timeout') {
      // Daraja's queue timed out: not processed, it says; asked about before anything else.
      if (!IN_FLIGHT_STATES.includes(payout.state)) return { outcome: 'unchanged' };
      const updated = await change({ state: 'unknown', queueTimeoutAt: now, problem: "M-Pesa's queue timed out before it processed the payout; asking M-Pesa about it.", nextAttemptAt: now });
      return updated ? { outcome: 'recorded', payout: updated } : { outcome: 'unchanged' };
    }
    if (report.outcome === 'paid') {
      if (PAID_STATES.includes(payout.state)) return { outcome: 'unchanged' };
      // Paid is paid. A receipt another payout or refund already has (decision 0050), or an amount
      // other than the one asked, is kept as a problem for reconciliation.
      const clash = await claimMoneyOutReference(tx, { reference: report.receipt, kind: 'payout', orderId: order.id, ownerId: payout.id, at: now });
      const problem = clash ? `M-Pesa receipt ${report.receipt} is also recorded elsewhere (${clash.code}): check this payout in the M-Pesa portal.` : reportedAmountProblem(payout, report.amount);
      const updated = await change({ state: 'succeeded', receipt: report.receipt, receiverName: report.receiverName, problem, nextAttemptAt: null, completedAt: now });
      if (updated && payout.purpose === 'refund' && order.payerPhone) {
        await enqueueSms(deps, tx, { to: order.payerPhone, body: textsFor(order.buyerLocale).buyerSms.refundPaid({ trackingNumber: order.trackingNumber, amount: payout.amount, receipt: report.receipt }) }, now);
      }
      return updated ? { outcome: 'recorded', payout: updated } : { outcome: 'unchanged' };
    }
    if (report.outcome === 'failed') {
      if (!IN_FLIGHT_STATES.includes(payout.state)) return { outcome: 'unchanged' };
      const updated = await change({ state: 'failed', problem: report.reason, nextAttemptAt: null });
      return updated ? { outcome: 'recorded', payout: updated } : { outcome: 'unchanged' };
    }
    // No such transaction at M-Pesa (or a code we do not know): only a payout Daraja never
    // accepted may go again, and with the same id.
    if (args.source === 'status' && payout.state === 'unknown' && payout.queueTimeoutAt) {
      // Daraja said it did not process it, and now has no record of it: a person may send it again (a new id).
      const updated = await change({ state: 'failed', problem: `M-Pesa did not process it: its queue timed out, and it has no record of the payout (${report.reason}). Retry sends it again.`, nextAttemptAt: null });
      return updated ? { outcome: 'recorded', payout: updated } : { outcome: 'unchanged' };
    }
    if (args.source === 'status' && payout.state === 'unknown' && !payout.conversationId) {
      const updated = await change({ state: 'queued', problem: `M-Pesa has no record of it (${report.reason}); sending it again with the same id.`, nextAttemptAt: now });
      return updated ? { outcome: 'recorded', payout: updated } : { outcome: 'unchanged' };
    }
    if (payout.state === 'sent' && args.source === 'result') {
      const updated = await change({ state: 'unknown', problem: report.reason, nextAttemptAt: now });
      return updated ? { outcome: 'recorded', payout: updated } : { outcome: 'unchanged' };
    }
    return { outcome: 'unchanged' };
  });
  if (outcome.payout?.state === 'succeeded' && outcome.payout.purpose !== 'refund') await finishSettlement(deps, outcome.payout.orderId);
  return outcome.outcome;
}
