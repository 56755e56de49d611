import { claimClosedReason } from '../../payments/status-result.js';
import { CLAIM_FIRST_CHECK_AFTER_MS, CLAIM_FLAG_AFTER_MS, nextStatusQueryAt, statusQueryOriginatorId, type ClaimToCheck, type StatusQuery } from '../../payments/status-query.js';
import type { TransactionStatusGateway } from '../../ports/mpesa-gateway.js';
import type { EscrowDeps } from '../deps.js';

export interface ClaimCheckReport {
  /** Queries sent to Daraja this round. */
  readonly asked: number;
  readonly accepted: number;
  readonly refused: number;
  /** No answer to the request: the next attempt, on the schedule, is a new query. */
  readonly unknown: number;
}

/**
 * Asks Transaction Status about claims (receipts buyers typed that no M-Pesa message has
 * confirmed) from 2 minutes after the claim: once, then again when no Result came, 2, 10 and
 * 30 minutes later and then every 2 hours, until the claim is 24 hours old and flagged to an
 * admin. The Result arrives later at our ResultURL (recordStatusResult); this only sends.
 * Without Transaction Status (no initiator configured) claims wait for a C2B confirmation.
 */
export async function checkClaims(deps: EscrowDeps, options: { limit?: number } = {}): Promise<ClaimCheckReport> {
  const report = { asked: 0, accepted: 0, refused: 0, unknown: 0 };
  const gateway = deps.mpesa?.transactionStatus;
  if (!gateway) return report;
  const now = deps.clock.now();
  const claims = await deps.store.read((tx) =>
    tx.mpesa.listClaimsToCheck({
      now,
      claimedFrom: new Date(now.getTime() - CLAIM_FLAG_AFTER_MS),
      claimedUntil: new Date(now.getTime() - CLAIM_FIRST_CHECK_AFTER_MS),
      limit: options.limit ?? 50,
    }),
  );
  for (const claim of claims) {
    const outcome = await askAboutClaim(deps, gateway, claim);
    if (outcome === 'skipped') continue;
    report.asked += 1;
    report[outcome] += 1;
  }
  return report;
}

/**
 * One query: its row is written (attempt n+1 of the claim) before Daraja is called, so a
 * second reconciler racing for the same claim writes nothing and sends nothing, and a crash
 * mid-call leaves a row whose next attempt is already scheduled.
 */
async function askAboutClaim(deps: EscrowDeps, gateway: TransactionStatusGateway, claim: ClaimToCheck): Promise<'accepted' | 'refused' | 'unknown' | 'skipped'> {
  const now = deps.clock.now();
  const id = deps.random.uuid();
  const attempt = claim.attempts + 1;
  const query: StatusQuery = {
    id,
    orderId: claim.orderId,
    receipt: claim.receipt,
    attempt,
    shortCode: gateway.shortCode,
    originatorConversationId: statusQueryOriginatorId(id),
    conversationId: null,
    status: 'sending',
    // Set before sending: the claim is due again after the wait even if the send never returns.
    // Null for the last query of the claim's 24 hours: after it, an admin takes over.
    nextAttemptAt: nextStatusQueryAt(claim.claimedAt, attempt, now),
    resultCode: null,
    resultDesc: null,
    resultReceipt: null,
    resultAmount: null,
    resultCreditParty: null,
    resultTransactionStatus: null,
    outcome: null,
    note: null,
    createdAt: now,
    updatedAt: now,
    answeredAt: null,
  };
  const written = await deps.store.transaction(async (tx) => {
    // The claim may have been paid, cancelled or changed since the list was read, or a Result
    // may have come meanwhile that says to wait or to ask no more.
    if (claimClosedReason(await tx.orders.get(claim.orderId), claim.receipt)) return false;
    const asked = (await tx.mpesa.listStatusQueriesForOrder(claim.orderId)).filter((q) => q.receipt === claim.receipt);
    if (asked.some((q) => q.nextAttemptAt === null || q.nextAttemptAt.getTime() > now.getTime())) return false;
    return tx.mpesa.insertStatusQuery(query);
  });
  if (!written) return 'skipped';

  const sent = await gateway.query({ receipt: claim.receipt, originatorConversationId: query.originatorConversationId, occasion: claim.trackingNumber });
  const at = deps.clock.now();
  if (sent.status === 'accepted') {
    await deps.store.transaction((tx) => tx.mpesa.updateStatusQuery(id, ['sending'], { status: 'sent', conversationId: sent.conversationId, updatedAt: at }));
    return 'accepted';
  }
  // Refused: nothing will answer it. Ask again on the schedule when it may be taken later, else no more.
  // Unknown: it may have been taken; its Result is still recorded if it comes, and the next attempt is a new query.
  const changes =
    sent.status === 'refused'
      ? { status: 'failed' as const, resultDesc: `refused: ${sent.reason}`.slice(0, 300), ...(sent.retryable ? {} : { nextAttemptAt: null }), updatedAt: at }
      : { status: 'unknown' as const, resultDesc: `no answer: ${sent.reason}`.slice(0, 300), updatedAt: at };
  await deps.store.transaction((tx) => tx.mpesa.updateStatusQuery(id, ['sending'], changes));
  return sent.status;
}
