import type { Cents } from '../money/cents.js';
import type { PayoutDestination } from '../ports/payout-gateway.js';

/**
 * Money out of escrow by M-Pesa (PRODUCT-DECISIONS, Real money; decision 0051): the seller's
 * payout and the rider's (when the seller pays delivery) after a delivery, and the buyer's
 * refund. One row per order and purpose; its life:
 *
 * `awaiting_approval` (the deployment approves payouts by hand) -> `queued` (due to be sent;
 * `nextAttemptAt` says when) -> `sending` (claimed by one process, the ledger moved the money to
 * `mpesa_clearing`, the request is going to Daraja) -> `sent` (Daraja accepted it; its Result
 * comes to our ResultURL) -> `succeeded` (the Result, or a status query, gave the receipt).
 *
 * `unknown`: no readable answer, a lost Result, a queue timeout or a lease that ran out: the
 * money stays in clearing and the payout is asked about with Transaction Status, by its
 * OriginatorConversationID, never paid again. `failed`: M-Pesa said no (definitively): the
 * money is back in the payable account and a person may Retry (a new attempt, a new
 * OriginatorConversationID). `recorded`: paid by hand outside Daraja, with its M-Pesa reference.
 */
export type PayoutState = 'awaiting_approval' | 'queued' | 'sending' | 'sent' | 'unknown' | 'succeeded' | 'failed' | 'recorded';
export const PAYOUT_STATES: readonly PayoutState[] = ['awaiting_approval', 'queued', 'sending', 'sent', 'unknown', 'succeeded', 'failed', 'recorded'];

/** The money is with M-Pesa (or may be): held in `mpesa_clearing`. */
export const IN_FLIGHT_STATES: readonly PayoutState[] = ['sending', 'sent', 'unknown'];
/** The money reached its receiver. */
export const PAID_STATES: readonly PayoutState[] = ['succeeded', 'recorded'];

export type PayoutPurpose = 'seller' | 'rider' | 'refund';
export const PAYOUT_PURPOSES: readonly PayoutPurpose[] = ['seller', 'rider', 'refund'];

export interface Payout {
  readonly id: string;
  readonly orderId: string;
  readonly purpose: PayoutPurpose;
  readonly amount: Cents;
  readonly state: PayoutState;
  /** Where it goes: set when it is sent (the seller's payout details at that moment), kept from then on. */
  readonly destination: PayoutDestination | null;
  /** Requests sent with a new OriginatorConversationID: 0 before the first, +1 after each definitive failure. */
  readonly attempt: number;
  /** Ours, derived from `id` and `attempt` (payoutOriginatorId): Daraja refuses it a second time. */
  readonly originatorConversationId: string | null;
  /** Daraja's, from its acceptance. */
  readonly conversationId: string | null;
  /** The M-Pesa receipt of the payout (or the reference typed for one paid by hand). */
  readonly receipt: string | null;
  /** Who M-Pesa says received it ("2547... - NAME"). */
  readonly receiverName: string | null;
  /** Why it failed or is unknown, in words a person acts on; null once paid. */
  readonly problem: string | null;
  /** When to send (queued) or ask M-Pesa about it (unknown, sent) next; null: nothing scheduled. */
  readonly nextAttemptAt: Date | null;
  /** When Daraja said the current attempt timed out in its queue (not processed); null otherwise. */
  readonly queueTimeoutAt: Date | null;
  /** Transaction Status queries sent about the current attempt. */
  readonly statusChecks: number;
  /** The admin who approved it, retried it last or recorded it by hand. */
  readonly decidedBy: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly completedAt: Date | null;
  /** Bumped by every change: each change is conditional on the version it read. */
  readonly version: number;
}

/**
 * The OriginatorConversationID of an attempt: the payout's id and the attempt number, so a
 * process that crashed mid-send and sends again sends the same id (Daraja refuses it: nothing
 * is paid twice), and only a definitive failure moves to a new one.
 */
export function payoutOriginatorId(payoutId: string, attempt: number): string {
  return `${payoutId}.${attempt}`;
}

/** The id of the `n`th Transaction Status query about an attempt: its Result names the attempt. */
export function payoutStatusQueryId(originatorConversationId: string, n: number): string {
  return `${originatorConversationId}.s${n}`;
}

/** The attempt's OriginatorConversationID a status query's own id names, if it is one of ours. */
export function attemptOfStatusQuery(queryId: string): string | null {
  const match = /^(.+\.\d+)\.s\d+$/.exec(queryId);
  return match ? (match[1] ?? null) : null;
}

/** How a payout's state reads on a screen. */
export function payoutStateLabel(state: PayoutState): string {
  switch (state) {
    case 'awaiting_approval':
      return 'Waiting for approval';
    case 'queued':
      return 'Queued';
    case 'sending':
    case 'sent':
      return 'Sent to M-Pesa';
    case 'unknown':
      return 'Checking with M-Pesa';
    case 'succeeded':
      return 'Paid';
    case 'failed':
      return 'Failed';
    case 'recorded':
      return 'Paid by hand';
  }
}

/**
 * Why a queued seller payout waits (its `problem` while queued, set by the payout round): the
 * admin reads these words; the seller's order view says the same in the seller's words.
 */
export const SELLER_PAYOUT_HOLDS = {
  /** Ends the "Held until <Nairobi time> (Nairobi time): ..." problem of decision 0049's 24 hours. */
  newDetails: 'the seller changed the payout details less than 24 hours ago.',
  paybillAccount: 'Waiting for the seller to add the account number of their Paybill in Payout details.',
} as const;
