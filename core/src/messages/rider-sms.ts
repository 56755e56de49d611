import { smsText } from './sms-text.js';

/**
 * To the rider the seller put on an order: the job and its link (the rider's key to the order,
 * so the text is sensitive and erased from the outbox once sent). No item name or address: the
 * rider reads them on the page, and seller-typed words could split the SMS. A link is never cut:
 * a long PUBLIC_BASE_URL makes a longer SMS, not a broken link.
 */
export function riderJobSms(args: { trackingNumber: string; link: string }): string {
  return smsText(`New job ${args.trackingNumber}: ${args.link}`).text;
}

/** To the rider taken off an order (removed, or another rider assigned): the old link no longer opens it. */
export function riderReplacedSms(args: { trackingNumber: string }): string {
  return smsText(`You are no longer the rider for order ${args.trackingNumber}; the seller took you off it. Your link to it no longer works.`).text;
}
