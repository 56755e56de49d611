import type { Cents } from '../money/cents.js';

/** Where a payout goes: an M-Pesa phone (B2C), a Paybill with the account to credit, or a Till (B2B). */
export type PayoutDestination =
  | { readonly kind: 'mpesa_phone'; readonly msisdn: string }
  | { readonly kind: 'paybill'; readonly businessNumber: string; readonly accountReference: string }
  | { readonly kind: 'till'; readonly tillNumber: string };

export interface PayoutRequest {
  /** Ours (payoutOriginatorId): the same id twice never pays twice (Daraja refuses the second). */
  readonly originatorConversationId: string;
  readonly destination: PayoutDestination;
  /** Cents; M-Pesa pays whole shillings, so a payout is a multiple of 100 (the adapter refuses others). */
  readonly amount: Cents;
  /** What the receiver's statement says (2 to 100 characters). */
  readonly remarks: string;
  /** Echoed in the Result: the order's tracking number. */
  readonly occasion: string;
}

/**
 * What became of a request (never thrown).
 * - `accepted`: Daraja took it; its Result comes to our ResultURL.
 * - `already_requested`: Daraja has this OriginatorConversationID already: nothing new was paid;
 *   the first request's fate is asked with Transaction Status.
 * - `refused`: nothing was paid. `retryable`: the same payout may pass later unchanged.
 * - `unknown`: no readable answer; it may have been taken. Asked about, never sent again blindly.
 */
export type PayoutSendOutcome =
  | { readonly status: 'accepted'; readonly conversationId: string }
  | { readonly status: 'already_requested'; readonly reason: string }
  | { readonly status: 'refused'; readonly reason: string; readonly retryable: boolean }
  | { readonly status: 'unknown'; readonly reason: string };

/** What M-Pesa said about a payout, from its Result or from a Transaction Status Result (adapters read the wire). */
export type PayoutReport =
  | { readonly outcome: 'paid'; readonly receipt: string; readonly amount: Cents | null; readonly receiverName: string | null }
  /** Definitively not paid; `reason` in words an operator acts on. */
  | { readonly outcome: 'failed'; readonly reason: string }
  /** M-Pesa has no such transaction (Transaction Status 2032), or a code this service does not know. */
  | { readonly outcome: 'unknown'; readonly reason: string };

export type PayoutStatusQueryOutcome =
  | { readonly status: 'accepted' }
  | { readonly status: 'refused'; readonly reason: string; readonly retryable: boolean }
  | { readonly status: 'unknown'; readonly reason: string };

/**
 * Money out (Daraja B2C for phones, B2B for a Paybill or a Till), and Transaction Status by the
 * payout's OriginatorConversationID for a payout whose fate we do not know. Results arrive at
 * our callback routes and reach the core as PayoutReports.
 */
export interface PayoutGateway {
  send(request: PayoutRequest): Promise<PayoutSendOutcome>;
  /** Asks about the attempt `originatorConversationId`; the query's own id is `queryId` (its Result names it). */
  queryStatus(input: { originatorConversationId: string; queryId: string; occasion: string }): Promise<PayoutStatusQueryOutcome>;
}
