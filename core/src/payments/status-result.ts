import { claimPending } from '../ledger/ledger-audit.js';
import { formatKsh, type Cents } from '../money/cents.js';
import type { Order } from '../orders/order.js';
import type { StatusQuery, StatusQueryOutcome } from './status-query.js';

/**
 * A Transaction Status Result as the Daraja adapter parsed it: nothing in it is trusted until
 * checkStatusResult has compared it with the query we sent and the order.
 */
export interface TransactionStatusResult {
  readonly originatorConversationId: string;
  readonly conversationId: string;
  /** -1 for a code that is not a number (SFC_IC0003). */
  readonly resultCode: number;
  readonly resultDesc: string;
  /** ResultParameters (null when absent, as on every failure). */
  readonly receiptNo: string | null;
  /** Amount in cents ("5.00" shillings is 500); null when absent or not an amount. */
  readonly amount: Cents | null;
  /** "174379 - ESCROW LTD": the shortcode or till credited, then its name. */
  readonly creditPartyName: string | null;
  readonly transactionStatus: string | null;
}

/** The ResultCode Daraja answers for a receipt it does not know, or one that is not ours to ask about. */
export const UNKNOWN_RECEIPT_RESULT_CODE = 2032;

export type StatusResultCheck = { readonly outcome: 'verified'; readonly received: Cents; readonly note: string } | { readonly outcome: Exclude<StatusQueryOutcome, 'verified'>; readonly note: string };

/** "174379 - ESCROW LTD" names 174379; "1743790 - X" does not. */
export function creditPartyIs(creditPartyName: string, shortCode: string): boolean {
  const name = creditPartyName.trim();
  return name.startsWith(shortCode) && !/\d/.test(name.charAt(shortCode.length));
}

/** Why the order can no longer take a payment for this claim, or null while the claim stands. */
export function claimClosedReason(order: Order | undefined, receipt: string): string | null {
  if (!order) return 'the order no longer exists';
  if (order.paymentConfirmed) return `the order was already paid (${order.mpesaReceipt ?? 'no receipt'}, verified by ${order.paymentVerifiedBy ?? 'nothing'})`;
  if (order.status === 'cancelled') return 'the order was cancelled';
  if (!claimPending(order)) return 'the order has no claim';
  if ((order.paymentClaimReceipt ?? '').toUpperCase() !== receipt.toUpperCase()) return `the buyer has since typed another receipt (${order.paymentClaimReceipt ?? ''})`;
  return null;
}

/**
 * What a Result means for the claim it answers (PRODUCT-DECISIONS, Real money): the order is
 * verified only when M-Pesa says the payment Completed, with the claimed receipt, to our
 * shortcode, for at least the price, and the order still has that claim. Anything else is a
 * reason, in words, for the admin who looks at the claim.
 */
export function checkStatusResult(query: StatusQuery, result: TransactionStatusResult, order: Order | undefined): StatusResultCheck {
  const closed = claimClosedReason(order, query.receipt);
  if (closed || !order) return { outcome: 'claim_closed', note: `Not used: ${closed ?? 'the order no longer exists'}.` };
  const code = `${result.resultCode}: ${result.resultDesc}`.slice(0, 150);
  if (result.resultCode === UNKNOWN_RECEIPT_RESULT_CODE) return { outcome: 'unknown_receipt', note: `M-Pesa has no payment with receipt ${query.receipt} to our shortcode ${query.shortCode} (Transaction Status ${code}).` };
  if (result.resultCode !== 0) return { outcome: 'query_failed', note: `M-Pesa could not answer the query (Transaction Status ${code}); asked again later.` };
  if ((result.receiptNo ?? '').trim().toUpperCase() !== query.receipt.toUpperCase()) return { outcome: 'wrong_receipt', note: `M-Pesa answered about another receipt (${result.receiptNo ?? 'none'}), not ${query.receipt}.` };
  if (result.transactionStatus !== 'Completed') return { outcome: 'not_completed', note: `M-Pesa says the payment is ${result.transactionStatus ?? 'of no status'}, not Completed; asked again later.` };
  if (!result.creditPartyName || !creditPartyIs(result.creditPartyName, query.shortCode)) {
    return { outcome: 'other_business', note: `The payment went to ${result.creditPartyName ?? 'an unnamed party'}, not to our shortcode ${query.shortCode}.` };
  }
  if (result.amount === null) return { outcome: 'query_failed', note: 'M-Pesa did not say how much was paid; asked again later.' };
  if (result.amount < order.price) return { outcome: 'short', note: `M-Pesa says ${formatKsh(result.amount)} was paid, less than the price of ${formatKsh(order.price)}.` };
  return { outcome: 'verified', received: result.amount, note: `Verified by Transaction Status: ${formatKsh(result.amount)} to ${result.creditPartyName}.` };
}
