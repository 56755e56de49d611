import type { Cents } from '../money/cents.js';

/**
 * Money in by M-Pesa, the way Daraja does it (adapters/mpesa-daraja; the simulator in
 * apps/daraja-sim in development and tests). The gateway only talks to Safaricom: what it
 * answers is stored and acted on by the use cases (payments/*), and money moves only on a
 * final STK Query answer, a C2B confirmation or a Transaction Status Result that matches a
 * claim (PRODUCT-DECISIONS, Real money).
 */
export interface StkPushRequest {
  /** `2547XXXXXXXX` / `2541XXXXXXXX`. */
  readonly msisdn: string;
  /** Whole shillings, in cents (a multiple of 100): STK Push takes no decimals. */
  readonly amount: Cents;
  /** The order's tracking number (at most 12 characters, shown in the prompt). */
  readonly accountReference: string;
  readonly description: string;
}

export type StkPushOutcome =
  /** Safaricom accepted the request and is prompting the phone. */
  | { readonly status: 'accepted'; readonly checkoutRequestId: string; readonly merchantRequestId: string }
  /** Safaricom refused it: nothing was prompted. `retryable`: the same request may work later (throttled, phone busy). */
  | { readonly status: 'refused'; readonly reason: string; readonly retryable: boolean }
  /** No answer (timeout, connection cut): the prompt may or may not have gone out; never sent again blindly. */
  | { readonly status: 'unknown'; readonly reason: string };

export type StkQueryOutcome =
  /** "The transaction is being processed": ask again later. */
  | { readonly status: 'pending' }
  /** The final result code (0 = paid) as Daraja's STK Query gives it. */
  | { readonly status: 'final'; readonly resultCode: number; readonly resultDesc: string }
  /** The query itself failed (timeout, throttled, Safaricom down): ask again later. */
  | { readonly status: 'unavailable'; readonly reason: string };

export interface TransactionStatusRequest {
  /** The M-Pesa receipt asked about (TransactionID), e.g. NLJ7RT61SV. */
  readonly receipt: string;
  /** Ours, derived from the query's id: a new one for every attempt (Daraja refuses a repeated one). */
  readonly originatorConversationId: string;
  /** Echoed in the Result (ReferenceData): the order's tracking number, for whoever reads Daraja's logs. */
  readonly occasion: string;
}

export type TransactionStatusOutcome =
  /** Daraja accepted the query; its Result comes later to our ResultURL. */
  | { readonly status: 'accepted'; readonly conversationId: string; readonly originatorConversationId: string }
  /** Daraja refused it: no Result will come. `retryable`: a later query may be taken (throttled, a token problem). */
  | { readonly status: 'refused'; readonly reason: string; readonly retryable: boolean }
  /** No answer (timeout, connection cut): it may have been taken, and its Result may still come. Never sent again: the next attempt is a new query. */
  | { readonly status: 'unknown'; readonly reason: string };

/** Transaction Status: asks M-Pesa about a receipt (a buyer's claim); the answer is a Result POSTed to us. */
export interface TransactionStatusGateway {
  /** The shortcode the queries are made as (PartyA): only payments to it are ours. */
  readonly shortCode: string;
  query(request: TransactionStatusRequest): Promise<TransactionStatusOutcome>;
}

export interface MpesaGateway {
  stkPush(request: StkPushRequest): Promise<StkPushOutcome>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryOutcome>;
  /**
   * Present only with an initiator (MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL): without
   * it, claims wait for a C2B confirmation, and are flagged to admins after 24 hours.
   */
  readonly transactionStatus?: TransactionStatusGateway;
}
