import { formatKsh, type Cents } from '../money/cents.js';
import { receiptEnding } from '../payments/payer-binding.js';

/** An email's words: its subject and its plain-text body. */
export interface EmailText {
  readonly subject: string;
  readonly body: string;
}

/**
 * The seller's emails about their orders (decision 0048), in English: the longer form of each
 * seller SMS. Swahili in seller-emails-sw.ts, typed to this shape (`SellerEmails`), so a text
 * missing in one language fails the typecheck; `textsFor` (recipient-texts.ts) picks one.
 */
export const sellerEmails = {
  newOrder: (a: { trackingNumber: string; itemName: string }): EmailText => ({
    subject: 'New order created',
    body: `Order ${a.trackingNumber} for ${a.itemName} is waiting for the buyer's payment.`,
  }),
  paymentConfirmed: (a: { trackingNumber: string; itemName: string }): EmailText => ({
    subject: 'Payment confirmed',
    body: `Payment for order ${a.trackingNumber} (${a.itemName}) was confirmed by M-Pesa and is held in escrow. Assign a rider to proceed.`,
  }),
  paymentReported: (a: { trackingNumber: string; itemName: string; receipt: string }): EmailText => ({
    subject: 'Payment reported',
    body: `The buyer reports paying for order ${a.trackingNumber} (${a.itemName}), M-Pesa code ending ${receiptEnding(a.receipt)}. We are checking it with M-Pesa: it is not held in escrow yet. You will be told when M-Pesa confirms it; do not hand over the item before then.`,
  }),
  delivered: (a: { trackingNumber: string; itemName: string }): EmailText => ({
    subject: 'Order delivered',
    body: `Order ${a.trackingNumber} (${a.itemName}) was delivered and confirmed with the buyer's code.`,
  }),
  codeLocked: (a: { trackingNumber: string }): EmailText => ({
    subject: 'Delivery code locked',
    body: `Too many wrong delivery codes were entered for order ${a.trackingNumber}. Code entry is locked until you unlock it.`,
  }),
  refundRequested: (a: { trackingNumber: string; reason: string }): EmailText => ({
    subject: 'Refund requested',
    body: `A refund was requested for order ${a.trackingNumber}: ${a.reason}`,
  }),
  refunded: (a: { trackingNumber: string }): EmailText => ({
    subject: 'Order refunded',
    body: `Order ${a.trackingNumber} was refunded to the buyer and cancelled.`,
  }),
  /** An admin marked the payout paid (Mark Paid), with the reference they typed, if any. */
  paidOut: (a: { trackingNumber: string; itemName: string; sellerPayout: Cents; reference: string | null }): EmailText => ({
    subject: 'Payout sent',
    body: `Your payout of ${formatKsh(a.sellerPayout)} for order ${a.trackingNumber} (${a.itemName}) has been sent.${a.reference ? ` Reference: ${a.reference}.` : ''}`,
  }),
  /** M-Pesa paid the payout (decision 0051), with its receipt when it gave one. */
  paidOutByMpesa: (a: { trackingNumber: string; itemName: string; sellerPayout: Cents; receipt: string | null }): EmailText => ({
    subject: 'Payout sent',
    body: `Your payout of ${formatKsh(a.sellerPayout)} for order ${a.trackingNumber} (${a.itemName}) has been paid to you by M-Pesa.${a.receipt ? ` M-Pesa receipt: ${a.receipt}.` : ''}`,
  }),
};

export type SellerEmails = typeof sellerEmails;
