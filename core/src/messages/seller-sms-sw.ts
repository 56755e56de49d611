import { formatKsh, type Cents } from '../money/cents.js';
import { receiptEnding } from '../payments/payer-binding.js';
import { smsText } from './sms-text.js';

/*
 * The seller's texts in Kenyan Swahili (issue 19), beside seller-sms.ts: the same parameters and
 * the same rules (decision 0048): one GSM-7 segment each with the longest tracking number (12)
 * and the widest amount, tracking numbers and amounts only, never the delivery code. Not wired yet.
 */

/** `sellerPaymentConfirmedSms` in Swahili: the money is held in escrow ("amana"); next, a rider. */
export function sellerPaymentConfirmedSmsSw(args: { trackingNumber: string; price: Cents }): string {
  return smsText(`Malipo ya ${formatKsh(args.price)} ya oda ${args.trackingNumber} yamethibitishwa na M-Pesa na yamehifadhiwa kama amana. Teua msafirishaji sasa.`).text;
}

/** `sellerPaymentReportedSms` in Swahili: a claim, not money: neither "confirmed" nor "amana". */
export function sellerPaymentReportedSmsSw(args: { trackingNumber: string; receipt: string }): string {
  return smsText(`Mnunuzi anasema amelipia oda ${args.trackingNumber} (msimbo wa M-Pesa unaoishia ${receiptEnding(args.receipt)}). Tunakagua; usikabidhi bidhaa bado.`).text;
}

/** `sellerDeliveredSms` in Swahili: an escrow order's payout is next; a cash order ends here. */
export function sellerDeliveredSmsSw(args: { trackingNumber: string; sellerPayout: Cents; cash: boolean }): string {
  const delivered = `Oda ${args.trackingNumber} imewasilishwa na kuthibitishwa kwa msimbo wa mnunuzi.`;
  return smsText(args.cash ? delivered : `${delivered} Malipo yako ya ${formatKsh(args.sellerPayout)} yanafuata.`).text;
}

/** `sellerCodeLockedSms` in Swahili: the seller may unlock code entry. */
export function sellerCodeLockedSmsSw(args: { trackingNumber: string }): string {
  return smsText(`Misimbo mingi mno ya uwasilishaji isiyo sahihi imewekwa kwa oda ${args.trackingNumber}. Uwekaji wa msimbo umefungwa hadi uufungue kwenye ukurasa wa oda.`).text;
}

/** `sellerRefundRequestedSms` in Swahili: an admin decides; the reason is on the order page. */
export function sellerRefundRequestedSmsSw(args: { trackingNumber: string }): string {
  return smsText(`Kuna ombi la kurejesha pesa za oda ${args.trackingNumber}. Msimamizi ataamua; sababu iko kwenye ukurasa wa oda yako.`).text;
}

/** `sellerRefundedSms` in Swahili: the buyer was refunded and the order cancelled. */
export function sellerRefundedSmsSw(args: { trackingNumber: string }): string {
  return smsText(`Pesa za oda ${args.trackingNumber} zimerejeshwa kwa mnunuzi na oda imeghairiwa.`).text;
}

/**
 * `sellerPaidOutSms` in Swahili: the admin's reference goes in only while the text still fits
 * one GSM-7 segment (here 58 characters are left for it; an M-Pesa reference is 10).
 */
export function sellerPaidOutSmsSw(args: { trackingNumber: string; sellerPayout: Cents; reference: string | null }): string {
  const paid = `Malipo yako ya ${formatKsh(args.sellerPayout)} ya oda ${args.trackingNumber} yametumwa.`;
  const referenced = args.reference ? smsText(`${paid} Nambari ya muamala: ${args.reference}.`) : null;
  return referenced?.ok ? referenced.text : smsText(paid).text;
}
