import { formatKsh, type Cents } from '../money/cents.js';
import { receiptEnding } from '../payments/payer-binding.js';
import { smsText } from './sms-text.js';

/*
 * The seller's texts (decision 0048): the short form of each seller email, for sellers who chose
 * SMS. One GSM-7 segment each with the longest tracking number (12) and the largest amount a
 * formatKsh of an order can show (a unit test checks every one): the tracking number and amounts
 * only, never the item name or a reason (a seller or buyer typed those, and one character outside
 * GSM-7 or a long name splits the message), and never the delivery code (decision 0047).
 */

/** M-Pesa confirmed the buyer's payment: the money is in escrow, the seller's next step is a rider. */
export function sellerPaymentConfirmedSms(args: { trackingNumber: string; price: Cents }): string {
  return smsText(`Payment of ${formatKsh(args.price)} for order ${args.trackingNumber} is confirmed by M-Pesa and held in escrow. Assign a rider now.`).text;
}

/** The buyer typed a receipt M-Pesa has not confirmed yet (PRODUCT-DECISIONS, Real money: not "held in escrow"). */
export function sellerPaymentReportedSms(args: { trackingNumber: string; receipt: string }): string {
  return smsText(`The buyer reports paying for order ${args.trackingNumber} (M-Pesa code ending ${receiptEnding(args.receipt)}). We are checking it; do not hand over the item yet.`).text;
}

/** The rider entered the buyer's code. An escrow order's payout is next (Mark Paid); a cash order ends here. */
export function sellerDeliveredSms(args: { trackingNumber: string; sellerPayout: Cents; cash: boolean }): string {
  const delivered = `Order ${args.trackingNumber} was delivered and confirmed with the buyer's code.`;
  return smsText(args.cash ? delivered : `${delivered} Your payout of ${formatKsh(args.sellerPayout)} is due next.`).text;
}

/** Five wrong codes locked entry: the seller may unlock it (decision 0047 caps the unlocks). */
export function sellerCodeLockedSms(args: { trackingNumber: string }): string {
  return smsText(`Too many wrong delivery codes for order ${args.trackingNumber}. Code entry is locked until you unlock it on the order page.`).text;
}

/** A refund was asked for (by the buyer) or recorded (the seller or rider: "buyer rejected item"); the reason is on the order page. */
export function sellerRefundRequestedSms(args: { trackingNumber: string }): string {
  return smsText(`A refund was requested for order ${args.trackingNumber}. An admin will decide; the reason is on your order page.`).text;
}

/** An admin refunded the buyer: the order is cancelled. */
export function sellerRefundedSms(args: { trackingNumber: string }): string {
  return smsText(`Order ${args.trackingNumber} was refunded to the buyer and cancelled.`).text;
}

/**
 * Mark Paid: the seller's payout was sent. The admin's reference (up to 100 characters, any text;
 * an M-Pesa reference is 10) goes in when the text still fits one segment, which leaves it 66
 * GSM-7 characters; a longer one, or one with a character outside GSM-7, is left out rather than
 * sending a text in two parts (the email carries it whole).
 */
export function sellerPaidOutSms(args: { trackingNumber: string; sellerPayout: Cents; reference: string | null }): string {
  const paid = `Your payout of ${formatKsh(args.sellerPayout)} for order ${args.trackingNumber} has been sent.`;
  const referenced = args.reference ? smsText(`${paid} Reference: ${args.reference}.`) : null;
  return referenced?.ok ? referenced.text : smsText(paid).text;
}
