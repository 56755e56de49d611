import { formatKsh, type Cents } from '../money/cents.js';
import { smsText } from './sms-text.js';

/**
 * The delivery code, to the phone that paid (issue 16). One SMS segment: GSM-7 only and at most
 * 160 characters (the tracking number is 10 letters and digits; no item name, which a seller
 * types and may hold characters that would split the message).
 */
export function deliveryCodeSms(args: { trackingNumber: string; price: Cents; code: string }): string {
  return smsText(`${formatKsh(args.price)} received for order ${args.trackingNumber}. Your delivery code is ${args.code}. Give it to the rider only after you check the item.`).text;
}

/** The delivery code of a cash order, to the buyer's phone when the order is made (no escrow money to protect). */
export function cashDeliveryCodeSms(args: { trackingNumber: string; code: string }): string {
  return smsText(`Your order ${args.trackingNumber} is on its way soon. Your delivery code is ${args.code}. Give it to the rider only after you check the item.`).text;
}

/**
 * A Kenyan mobile number as M-Pesa gives it (STK PhoneNumber, C2B MSISDN), in E.164; null when
 * it is not a plain number (C2B MSISDNs are often masked, e.g. "2547 ***** 126", or hashed).
 */
export function payerPhoneFrom(msisdn: string | null | undefined): string | null {
  if (typeof msisdn !== 'string') return null;
  const digits = msisdn.replace(/[\s+]/g, '');
  return /^254[17]\d{8}$/.test(digits) ? `+${digits}` : null;
}

/** "07xx xxx 123": enough for the buyer and seller to recognise the phone, not to read or call it. */
export function maskedPhone(e164: string): string {
  const local = e164.startsWith('+254') ? `0${e164.slice(4)}` : e164;
  return local.length >= 10 ? `${local.slice(0, 2)}xx xxx ${local.slice(-3)}` : 'xxx';
}

/**
 * Where the buyer's texts that hold no secret go (a rider assigned, out for delivery): the phone
 * that paid, else, when M-Pesa named no usable number (a masked or hashed C2B MSISDN, a payment an
 * admin verified), the buyer's phone as the seller typed it. Never the way to send the delivery
 * code: that number may be the seller's own, and the code goes only to `payerPhone` (decision 0047).
 */
export function buyerTextsPhone(order: { readonly payerPhone: string | null; readonly buyerPhone: string }): string | null {
  return order.payerPhone ?? (order.buyerPhone || null);
}

/** To the buyer when a rider is assigned: who will come (PRODUCT-DECISIONS, Real money; issue 16). */
export function riderAssignedSms(args: { trackingNumber: string; riderName: string; riderPhone: string }): string {
  const local = args.riderPhone.startsWith('+254') ? `0${args.riderPhone.slice(4)}` : args.riderPhone;
  const named = smsText(`Rider ${args.riderName}, ${local}, will deliver your order ${args.trackingNumber}. Give the delivery code only after you check the item.`);
  // A name too long (or with characters that would split the SMS) is left out rather than sent in two parts.
  return named.ok ? named.text : smsText(`A rider, ${local}, will deliver your order ${args.trackingNumber}. Give the delivery code only after you check the item.`).text;
}

/** To the buyer when the rider has picked the item up. */
export function outForDeliverySms(args: { trackingNumber: string }): string {
  return smsText(`Your order ${args.trackingNumber} is on its way. Have your delivery code ready, and check the item before you give it.`).text;
}

/** To the phone that paid when an admin's refund is sent by M-Pesa. */
export function refundSentSms(args: { trackingNumber: string; price: Cents }): string {
  return smsText(`your refund of ${formatKsh(args.price)} for order ${args.trackingNumber} is on its way to your M-Pesa.`).text;
}

/** To the phone that paid once M-Pesa reports the refund paid, with its receipt. */
export function refundPaidSms(args: { trackingNumber: string; amount: Cents; receipt: string }): string {
  return smsText(`your refund of ${formatKsh(args.amount)} for order ${args.trackingNumber} was sent to your M-Pesa. Receipt ${args.receipt}.`).text;
}
