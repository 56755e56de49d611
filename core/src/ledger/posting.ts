import { err, ok, type Result } from '../errors.js';

export const POSTING_KINDS = [
  'payment_in',
  'payment_claimed',
  'claim_released',
  'delivery_release',
  'settlement_out',
  'refund_reserve',
  'refund_out',
  'cash_fee_owed',
  // Payouts by M-Pesa (decision 0051): the money leaves its payable account for mpesa_clearing
  // when sent, comes back when M-Pesa says no, and leaves clearing when M-Pesa says paid.
  'payout_sent',
  'payout_returned',
  'payout_paid',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

/** One line of a posting; a positive amount is money arriving in the account. */
export interface LedgerEntry {
  readonly account: string;
  readonly amount: number;
}

/** An append-only, balanced set of entries for one money event of one order. */
export interface Posting {
  readonly id: string;
  readonly orderId: string;
  readonly kind: PostingKind;
  readonly entries: readonly LedgerEntry[];
  /** External reference (M-Pesa receipt, payout or refund reference), if any. */
  readonly reference: string | null;
  readonly createdAt: Date;
}

export function isBalanced(entries: readonly LedgerEntry[]): boolean {
  return entries.reduce((sum, e) => sum + e.amount, 0) === 0;
}

/** Builds a posting, refusing one that is unbalanced, has fewer than two lines, or holds a non-integer amount. */
export function makePosting(input: Omit<Posting, 'entries'> & { entries: readonly LedgerEntry[] }): Result<Posting> {
  // Zero lines are kept (a KSh 0 order still records its events); balance is what matters.
  const { entries } = input;
  if (entries.some((e) => !Number.isSafeInteger(e.amount))) {
    return err('INVALID_AMOUNT', { detail: 'ledger amounts are integer cents' });
  }
  if (entries.length < 2 || !isBalanced(entries)) {
    return err('INVALID_AMOUNT', { detail: `unbalanced posting ${input.kind} for ${input.orderId}` });
  }
  return ok({ ...input, entries });
}
