import { formatKsh, type Cents } from '../money/cents.js';
import { smsText } from './sms-text.js';

/*
 * The buyer's texts in Kenyan Swahili (issue 19), beside buyer-sms.ts: the same parameters,
 * the same one-segment rule (GSM-7 only: no accented letters, no curly quotes; at most 160
 * characters with the longest tracking number and the widest amount, a unit test checks).
 * Not wired yet: they go out once a recipient's language is known.
 */

/** `deliveryCodeSms` in Swahili: the delivery code, to the phone that paid. */
export function deliveryCodeSmsSw(args: { trackingNumber: string; price: Cents; code: string }): string {
  return smsText(`Tumepokea ${formatKsh(args.price)} ya oda ${args.trackingNumber}. Msimbo wako wa uwasilishaji ni ${args.code}. Mpe msafirishaji baada tu ya kukagua bidhaa.`).text;
}

/** `cashDeliveryCodeSms` in Swahili: the delivery code of a cash order. */
export function cashDeliveryCodeSmsSw(args: { trackingNumber: string; code: string }): string {
  return smsText(`Oda yako ${args.trackingNumber} itatumwa hivi karibuni. Msimbo wako wa uwasilishaji ni ${args.code}. Mpe msafirishaji baada tu ya kukagua bidhaa.`).text;
}

/** `riderAssignedSms` in Swahili: who will come; a name that would split the SMS is left out. */
export function riderAssignedSmsSw(args: { trackingNumber: string; riderName: string; riderPhone: string }): string {
  const local = args.riderPhone.startsWith('+254') ? `0${args.riderPhone.slice(4)}` : args.riderPhone;
  const named = smsText(`Msafirishaji ${args.riderName}, ${local}, ataleta oda yako ${args.trackingNumber}. Toa msimbo wa uwasilishaji baada tu ya kukagua bidhaa.`);
  return named.ok ? named.text : smsText(`Msafirishaji mwenye nambari ${local} ataleta oda yako ${args.trackingNumber}. Toa msimbo wa uwasilishaji baada tu ya kukagua bidhaa.`).text;
}

/** `outForDeliverySms` in Swahili: the rider has the item. */
export function outForDeliverySmsSw(args: { trackingNumber: string }): string {
  return smsText(`Oda yako ${args.trackingNumber} iko njiani. Kuwa tayari na msimbo wako wa uwasilishaji, na ukague bidhaa kabla ya kuutoa.`).text;
}

/** `refundSentSms` in Swahili: the refund is on its way to the payer's M-Pesa. */
export function refundSentSmsSw(args: { trackingNumber: string; price: Cents }): string {
  return smsText(`Pesa zako ${formatKsh(args.price)} za oda ${args.trackingNumber} zinarejeshwa kwenye M-Pesa yako.`).text;
}

/** `refundPaidSms` in Swahili: M-Pesa paid the refund, with its receipt. */
export function refundPaidSmsSw(args: { trackingNumber: string; amount: Cents; receipt: string }): string {
  return smsText(`Pesa zako ${formatKsh(args.amount)} za oda ${args.trackingNumber} zimerejeshwa kwenye M-Pesa yako. Nambari ya muamala ${args.receipt}.`).text;
}
