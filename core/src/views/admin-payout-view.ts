import type { Payout } from '../payouts/payout.js';
import { payoutStateLabel } from '../payouts/payout.js';
import type { PayoutDestination } from '../ports/payout-gateway.js';
import type { EscrowDeps } from '../use-cases/deps.js';

/** Where a payout went (or goes), as a person reads it; null before it is first sent. */
export function payoutDestinationText(destination: PayoutDestination | null): string | null {
  if (!destination) return null;
  switch (destination.kind) {
    case 'mpesa_phone':
      return `M-Pesa ${destination.msisdn}`;
    case 'paybill':
      return `Paybill ${destination.businessNumber} account ${destination.accountReference}`;
    case 'till':
      return `Till ${destination.tillNumber}`;
  }
}

/**
 * A payout as the admin screen (GET /api/admin/payouts) and `escrow-admin payouts list --json`
 * show it: its state in words, why it failed, what may be done. One shape for both, so a script
 * reading the CLI's JSON reads the API's too.
 */
export function payoutView(payout: Payout & { trackingNumber?: string; itemName?: string }, deps: Pick<EscrowDeps, 'payouts'>) {
  return {
    id: payout.id,
    orderId: payout.orderId,
    ...(payout.trackingNumber !== undefined ? { trackingNumber: payout.trackingNumber, itemName: payout.itemName ?? '' } : {}),
    purpose: payout.purpose,
    amount: payout.amount,
    state: payout.state,
    stateLabel: payoutStateLabel(payout.state),
    destination: payoutDestinationText(payout.destination),
    receipt: payout.receipt,
    receiverName: payout.receiverName,
    problem: payout.problem,
    attempt: payout.attempt,
    originatorConversationId: payout.originatorConversationId,
    nextAttemptAt: payout.nextAttemptAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
    completedAt: payout.completedAt?.toISOString() ?? null,
    canRetry: deps.payouts !== undefined && payout.state === 'failed',
    canRecordReference: ['awaiting_approval', 'queued', 'failed'].includes(payout.state),
  };
}

export type PayoutView = ReturnType<typeof payoutView>;
