import type { Order } from '../orders/order.js';

/**
 * Who is signed in on the device that calls a buyer route (the buyer routes themselves take the
 * link's view key, never an account): the seller it belongs to, whether it is an admin's. Null
 * for a browser with no session, which is every real buyer's.
 */
export interface SignedInCaller {
  readonly sellerId: string | null;
  readonly admin: boolean;
}

/**
 * Whether a browser may become the order's payer (PRODUCT-DECISIONS, Real money: the code is
 * shown only in the browser that paid). The order's own seller and the admins hold the shared
 * link too, so a browser signed in as either is never bound, whatever it types or prompts: the
 * code then reaches the payer by SMS, and the payer's own browser can still be bound by typing
 * that code (or, where M-Pesa named no phone, the receipt from the M-Pesa SMS).
 */
export function mayBindPayer(order: Pick<Order, 'sellerId'>, signedIn: SignedInCaller | null | undefined): boolean {
  if (!signedIn) return true;
  return !signedIn.admin && signedIn.sellerId !== order.sellerId;
}

/**
 * An M-Pesa receipt as a seller may see it: its last three characters. The whole receipt is
 * shown only by the payer's own M-Pesa SMS, and typing it on the buyer page is what binds a
 * browser as the payer's (decision 0047), so a seller who holds the shared link must not read
 * it. ASCII only, so it fits a GSM-7 SMS: "ending K7Z".
 */
export function receiptEnding(receipt: string): string {
  return receipt.slice(-3);
}

/** The masked receipt a seller's screens show: "•••••••K7Z" (the length of a real one). */
export function maskedReceipt(receipt: string | null): string | null {
  return receipt === null ? null : `${'•'.repeat(Math.max(0, receipt.length - 3))}${receiptEnding(receipt)}`;
}
