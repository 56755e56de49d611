import type { Cents } from '../money/cents.js';

/**
 * One Daraja Transaction Status query about a claim: a receipt the buyer typed that no M-Pesa
 * message has confirmed (PRODUCT-DECISIONS, Real money). Its life:
 * `sending` (written before Daraja is called) -> `sent` (Daraja accepted it; the Result comes to
 * our ResultURL) -> `answered` (the Result is stored, once). `failed`: Daraja refused the
 * request. `unknown`: no answer to the request (a timeout, a cut connection) or Daraja's queue
 * timed out: its Result may still come, and is acted on when it does.
 *
 * Each attempt is a row of its own with its own OriginatorConversationID (Daraja refuses a
 * repeated one), numbered per claim (order and receipt): two reconcilers racing to send the
 * same attempt write one row, so at most one query of a claim is ever waiting for its Result.
 */
export type StatusQueryStatus = 'sending' | 'sent' | 'answered' | 'failed' | 'unknown';

/**
 * What an answered query meant for the claim. `verified`: the order was paid by it. `not_completed`
 * and `query_failed` (a ResultCode other than 0 and 2032) are asked again on the schedule; every
 * other answer is final: the claim is not asked about again automatically.
 */
export type StatusQueryOutcome =
  | 'verified'
  | 'unknown_receipt'
  | 'not_completed'
  | 'wrong_receipt'
  | 'other_business'
  | 'short'
  | 'claim_closed'
  | 'receipt_used'
  | 'query_failed';

export const STATUS_QUERY_STATUSES: readonly StatusQueryStatus[] = ['sending', 'sent', 'answered', 'failed', 'unknown'];
export const STATUS_QUERY_OUTCOMES: readonly StatusQueryOutcome[] = ['verified', 'unknown_receipt', 'not_completed', 'wrong_receipt', 'other_business', 'short', 'claim_closed', 'receipt_used', 'query_failed'];
/** A Result is stored on a query in one of these (a late Result of a timed-out or refused query included). */
export const STATUS_QUERY_OPEN_STATUSES: readonly StatusQueryStatus[] = ['sending', 'sent', 'unknown', 'failed'];

export interface StatusQuery {
  readonly id: string;
  readonly orderId: string;
  /** The receipt asked about (the claim's, upper case). */
  readonly receipt: string;
  /** 1 for the claim's first query, then 2, 3 ...; unique per order and receipt. */
  readonly attempt: number;
  /** The shortcode the query was made as (PartyA): a Result's CreditPartyName must name it. */
  readonly shortCode: string;
  /** Ours, derived from `id` (statusQueryOriginatorId): a Result naming it is recognised as this query's. */
  readonly originatorConversationId: string;
  /** Daraja's, from its reply to the request; null until then (or when it never replied). */
  readonly conversationId: string | null;
  readonly status: StatusQueryStatus;
  /** When to send the claim's next query if none has settled it by then; null: ask no more. */
  readonly nextAttemptAt: Date | null;
  /** The Result's ResultCode (-1 for a code that is not a number) and ResultDesc, or why the request failed. */
  readonly resultCode: number | null;
  readonly resultDesc: string | null;
  /** What the Result's ResultParameters said (kept as M-Pesa sent them, checked before use). */
  readonly resultReceipt: string | null;
  readonly resultAmount: Cents | null;
  readonly resultCreditParty: string | null;
  readonly resultTransactionStatus: string | null;
  readonly outcome: StatusQueryOutcome | null;
  /** What the answer means, in words for an admin. */
  readonly note: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly answeredAt: Date | null;
}

export type StatusQueryChanges = Partial<Omit<StatusQuery, 'id' | 'orderId' | 'receipt' | 'attempt' | 'shortCode' | 'originatorConversationId' | 'createdAt'>>;

/** A claim the reconciler should ask about now: its receipt and how many queries it has had. */
export interface ClaimToCheck {
  readonly orderId: string;
  readonly trackingNumber: string;
  readonly receipt: string;
  readonly claimedAt: Date;
  /** The highest attempt number of the claim's queries so far; 0 when never asked. */
  readonly attempts: number;
}

/** A claim is first asked about this long after it was made (a C2B confirmation usually comes first). */
export const CLAIM_FIRST_CHECK_AFTER_MS = 2 * 60_000;
/** A claim older than this without a verified payment is flagged to admins, and no longer asked about by itself. */
export const CLAIM_FLAG_AFTER_MS = 24 * 60 * 60_000;

/** How long to wait for the Result of query number `attempt` before asking again: 2, 10, 30 minutes, then every 2 hours. */
export function statusQueryRetryDelayMs(attempt: number): number {
  if (attempt <= 1) return 2 * 60_000;
  if (attempt === 2) return 10 * 60_000;
  if (attempt === 3) return 30 * 60_000;
  return 2 * 60 * 60_000;
}

/** When a query sent `at` is followed by the next one: null past the claim's 24 hours (it is flagged, and asked no more by itself). */
export function nextStatusQueryAt(claimedAt: Date, attempt: number, at: Date): Date | null {
  const next = at.getTime() + statusQueryRetryDelayMs(attempt);
  return next <= claimedAt.getTime() + CLAIM_FLAG_AFTER_MS ? new Date(next) : null;
}

/** The OriginatorConversationID of a query: its id with a prefix that says whose it is. */
export function statusQueryOriginatorId(queryId: string): string {
  return `escrow-ts-${queryId}`;
}

/** Answers after which the claim is asked about again (on the same schedule). */
export function outcomeAsksAgain(outcome: StatusQueryOutcome): boolean {
  return outcome === 'not_completed' || outcome === 'query_failed';
}
