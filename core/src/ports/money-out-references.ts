/**
 * What a reference of money going out was recorded for:
 * - `refund`: an admin's refund of an order (the owner is the refund request);
 * - `settlement`: the reference of an admin's "Mark Paid" (the owner is the order);
 * - `payout`: the M-Pesa receipt of a payout, automatic or recorded by hand (the owner is the payout);
 * - `unmatched_refund`: a Paybill payment no order took, sent back by hand (the owner is its TransID; no order).
 */
export type MoneyOutKind = 'refund' | 'settlement' | 'payout' | 'unmatched_refund';

/** A reference to record for money going out (`tx.moneyOutReferences.claim`). */
export interface MoneyOutClaim {
  /** As typed or as M-Pesa gave it; stored as `moneyOutReferenceKey` makes it (trimmed, upper case). */
  readonly reference: string;
  readonly kind: MoneyOutKind;
  /** The order the money left for; null only for `unmatched_refund`. */
  readonly orderId: string | null;
  /** The row the reference belongs to: the refund request, the order, the payout or the Paybill payment. */
  readonly ownerId: string;
  readonly at: Date;
}

/** A recorded reference of money going out. */
export interface MoneyOutReference {
  /** Trimmed and upper case: `nlj7rt61sv` and `NLJ7RT61SV` are one reference. */
  readonly reference: string;
  readonly kind: MoneyOutKind;
  readonly orderId: string | null;
  readonly ownerId: string;
  readonly recordedAt: Date;
}

/**
 * References of money going out (refunds, Mark Paid settlements, payouts): each is recorded
 * once, across all of them (PRODUCT-DECISIONS, Real money; docs/decisions/0050). Bound to the
 * use case's transaction: a refusal rolls back with the rest of the change.
 */
export interface MoneyOutReferenceRepository {
  /**
   * Records the reference. True when it is recorded now, or was already recorded for the same
   * kind and owner (a callback repeated, a retry); false, writing nothing, when it belongs to
   * anything else. The unique index decides, so of two transactions racing for one reference
   * only one wins (PostgreSQL: the second waits for the first to commit or roll back).
   * It does not look at payments in: see `isPaymentReceipt`, or `claimMoneyOutReference`,
   * which does both and answers with the coded error to return.
   */
  claim(claim: MoneyOutClaim): Promise<boolean>;
  /** The recorded reference (any case, surrounding spaces ignored), if any. */
  get(reference: string): Promise<MoneyOutReference | undefined>;
  /**
   * True when the reference is the M-Pesa receipt of a buyer's payment into the platform: a
   * receipt an order claimed (payment_receipts), a Paybill payment M-Pesa confirmed (matched
   * or not), or the receipt of a paid M-Pesa prompt.
   */
  isPaymentReceipt(reference: string): Promise<boolean>;
}

/** The form a reference is stored and compared in: trimmed, upper case. */
export function moneyOutReferenceKey(reference: string): string {
  return reference.trim().toUpperCase();
}
