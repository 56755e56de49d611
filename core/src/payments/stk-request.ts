import type { Cents } from '../money/cents.js';

/**
 * One STK Push for one order (a buyer may try several). Its life:
 * `sending` (row written, Daraja not yet answered) -> `pending` (the phone is being prompted)
 * -> `paid` | `failed`. `unknown`: Daraja never answered the push, so nobody can ask about it;
 * it ends as `failed` when its window passes (no money can arrive without a CheckoutRequestID
 * we would hear of... except by the buyer's own receipt, which the Paybill path verifies).
 * A callback only records what it says (`callback*`); the money moves on the STK Query's answer.
 */
export type StkRequestStatus = 'sending' | 'pending' | 'paid' | 'failed' | 'unknown';

export interface StkRequest {
  readonly id: string;
  readonly orderId: string;
  readonly msisdn: string;
  /** Requested: the price rounded up to whole shillings. */
  readonly amount: Cents;
  readonly status: StkRequestStatus;
  readonly checkoutRequestId: string | null;
  readonly merchantRequestId: string | null;
  /** The final result (0 = paid), from the query that settled it (or the refusal). */
  readonly resultCode: number | null;
  readonly resultDesc: string | null;
  /** What the first callback said; later callbacks only count. */
  readonly callbackResultCode: number | null;
  readonly callbackReceipt: string | null;
  readonly callbackAmount: Cents | null;
  readonly callbackPhone: string | null;
  readonly callbacks: number;
  /** The browser that asked for this prompt (its HttpOnly cookie): shown the delivery code if this prompt pays the order. */
  readonly payerToken: string | null;
  readonly queries: number;
  /** When the reconciler should ask Daraja next; null when final. */
  readonly nextQueryAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly settledAt: Date | null;
}

export const STK_FINAL_STATUSES: readonly StkRequestStatus[] = ['paid', 'failed'];

/** No callback after this long: the reconciler queries (issue 15: 60 s). */
export const STK_FIRST_QUERY_AFTER_MS = 60_000;
/** A prompt nobody answers times out at Safaricom well within this; past it, the request is closed. */
export const STK_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** Backoff between queries of one request: 60 s, then 2, 4, 8 ... minutes, at most 30 minutes. */
export function nextStkQueryDelayMs(queriesSoFar: number): number {
  const minutes = Math.min(30, 2 ** Math.max(0, queriesSoFar));
  return queriesSoFar === 0 ? STK_FIRST_QUERY_AFTER_MS : minutes * 60_000;
}

/** STK Push takes whole shillings: the smallest whole-shilling amount that covers the price. */
export function stkAmountFor(price: Cents): Cents {
  return (Math.ceil(price / 100) * 100) as Cents;
}
