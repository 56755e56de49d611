import { err, ok, type Result } from '../../errors.js';
import { outcomeAsksAgain, STATUS_QUERY_OPEN_STATUSES, type StatusQuery, type StatusQueryChanges, type StatusQueryOutcome } from '../../payments/status-query.js';
import { checkStatusResult, type TransactionStatusResult } from '../../payments/status-result.js';
import type { EscrowDeps } from '../deps.js';
import { mutateOrder, RollbackError } from '../mutate-order.js';
import { verifiedPaymentDecision } from './verified-payment.js';

export type StatusResultOutcome =
  /** No query of ours has this OriginatorConversationID or ConversationID: answered and otherwise ignored. */
  | { readonly outcome: 'unknown_query' }
  /** The query was answered already: a repeated or late copy changes nothing. */
  | { readonly outcome: 'duplicate'; readonly queryId: string }
  | { readonly outcome: 'verified'; readonly queryId: string; readonly orderId: string }
  | { readonly outcome: 'not_verified'; readonly queryId: string; readonly reason: Exclude<StatusQueryOutcome, 'verified'>; readonly note: string };

const ANSWERED_ALREADY = 'the query was answered already';

/**
 * Daraja POSTed the Result of a Transaction Status query about a claim. It is stored once on
 * its query (by OriginatorConversationID): a repeated or late copy does nothing more. The
 * order is verified (`transaction_status`) and its price enters escrow only when the Result
 * says the claimed receipt Completed to our shortcode for at least the price, the order still
 * has that claim, and no order took the receipt yet (checkStatusResult, then receipts.claim),
 * all in one transaction with the query's conditional update. Otherwise the reason is written
 * on the query, in words, for the admin who looks at the claim.
 */
export async function recordStatusResult(deps: EscrowDeps, result: TransactionStatusResult): Promise<Result<StatusResultOutcome>> {
  // Twice at most: a change that raced this one (the order changed under the lock) is read again.
  for (let round = 0; ; round += 1) {
    const found = await deps.store.read(async (tx) => {
      const query = await tx.mpesa.findStatusQuery(result);
      return query ? { query, order: await tx.orders.get(query.orderId) } : undefined;
    });
    if (!found) return ok({ outcome: 'unknown_query' });
    const { query, order } = found;
    if (query.status === 'answered') return ok({ outcome: 'duplicate', queryId: query.id });
    const check = checkStatusResult(query, result, order);
    if (check.outcome !== 'verified') return storeAnswer(deps, query, result, check.outcome, check.note);

    let refusal: { outcome: Exclude<StatusQueryOutcome, 'verified'>; note: string } | undefined;
    const refuse = (outcome: Exclude<StatusQueryOutcome, 'verified'>, note: string, code: 'PAYMENT_NOT_VERIFIED' | 'MPESA_RECEIPT_ALREADY_USED'): never => {
      refusal = { outcome, note };
      throw new RollbackError({ code, detail: note });
    };
    const paid = await mutateOrder<StatusResultOutcome>(deps, {
      orderId: query.orderId,
      actor: { kind: 'system' },
      action: 'verify_payment',
      decide: async ({ order: current, tx, now }) => {
        const again = checkStatusResult(query, result, current);
        if (again.outcome !== 'verified') return refuse(again.outcome, again.note, 'PAYMENT_NOT_VERIFIED');
        if (!(await tx.mpesa.updateStatusQuery(query.id, STATUS_QUERY_OPEN_STATUSES, answered(query, result, again.outcome, again.note, now)))) {
          return err('CONCURRENT_UPDATE', { detail: ANSWERED_ALREADY });
        }
        // The same money may be stored already as a Paybill payment no order took (a mistyped
        // account number): it becomes this order's. One an admin refunded can not pay an order.
        const paybill = await tx.mpesa.getC2bPayment(query.receipt);
        if (paybill?.status === 'refunded') refuse('receipt_used', `Not used: the Paybill payment ${query.receipt} was refunded by an admin.`, 'MPESA_RECEIPT_ALREADY_USED');
        if (paybill?.status === 'unmatched') {
          const taken = await tx.mpesa.updateC2bPayment(paybill.transId, 'unmatched', { status: 'matched', orderId: current.id, note: "matched by a Transaction Status query about the buyer's claim", resolvedAt: now });
          if (!taken) throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: 'the Paybill payment changed meanwhile' });
        }
        if (!(await tx.receipts.claim(query.receipt, current.id, again.received, now))) refuse('receipt_used', `Not used: receipt ${query.receipt} already paid another order.`, 'MPESA_RECEIPT_ALREADY_USED');
        return verifiedPaymentDecision(current, {
          verifiedBy: 'transaction_status',
          receipt: query.receipt,
          received: again.received,
          reference: query.receipt,
          now,
          result: () => ({ outcome: 'verified' as const, queryId: query.id, orderId: current.id }),
          audit: { originatorConversationId: query.originatorConversationId, conversationId: result.conversationId, creditParty: result.creditPartyName },
        });
      },
    });
    if (paid.ok) return paid;
    if (paid.error.detail === ANSWERED_ALREADY) return ok({ outcome: 'duplicate', queryId: query.id });
    if (refusal) return storeAnswer(deps, query, result, refusal.outcome, refusal.note);
    if (round >= 1) return paid;
  }
}

function answered(query: StatusQuery, result: TransactionStatusResult, outcome: StatusQueryOutcome, note: string, now: Date): StatusQueryChanges {
  return {
    status: 'answered',
    conversationId: query.conversationId ?? result.conversationId.slice(0, 100),
    resultCode: result.resultCode,
    resultDesc: result.resultDesc.slice(0, 300),
    resultReceipt: result.receiptNo?.slice(0, 40) ?? null,
    resultAmount: result.amount,
    resultCreditParty: result.creditPartyName?.slice(0, 200) ?? null,
    resultTransactionStatus: result.transactionStatus?.slice(0, 50) ?? null,
    outcome,
    note: note.slice(0, 500),
    // A final answer: the claim is asked about no more (an admin takes it from here).
    ...(outcomeAsksAgain(outcome) ? {} : { nextAttemptAt: null }),
    updatedAt: now,
    answeredAt: now,
  };
}

async function storeAnswer(deps: EscrowDeps, query: StatusQuery, result: TransactionStatusResult, reason: Exclude<StatusQueryOutcome, 'verified'>, note: string): Promise<Result<StatusResultOutcome>> {
  const stored = await deps.store.transaction((tx) => tx.mpesa.updateStatusQuery(query.id, STATUS_QUERY_OPEN_STATUSES, answered(query, result, reason, note, deps.clock.now())));
  return ok(stored ? { outcome: 'not_verified', queryId: query.id, reason, note } : { outcome: 'duplicate', queryId: query.id });
}

/**
 * Daraja called the QueueTimeOutURL: the query timed out in its queue and no Result will come
 * for it. The query becomes `unknown` (its next attempt is already scheduled, as a new query).
 */
export async function recordStatusTimeout(deps: EscrowDeps, ids: { originatorConversationId: string; conversationId: string; resultDesc: string }): Promise<Result<{ readonly known: boolean }>> {
  const query = await deps.store.read((tx) => tx.mpesa.findStatusQuery(ids));
  if (!query) return ok({ known: false });
  const now = deps.clock.now();
  await deps.store.transaction((tx) =>
    tx.mpesa.updateStatusQuery(query.id, ['sending', 'sent'], { status: 'unknown', resultDesc: `timed out in M-Pesa's queue: ${ids.resultDesc}`.slice(0, 300), updatedAt: now }),
  );
  return ok({ known: true });
}
