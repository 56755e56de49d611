import { smsText } from './sms-text.js';

/*
 * The rider's texts in Kenyan Swahili (issue 19), beside rider-sms.ts: the same parameters and
 * the same rules (one GSM-7 segment; a link is never cut). Not wired yet.
 */

/** `riderJobSms` in Swahili: the job and its link (sensitive where it is sent). */
export function riderJobSmsSw(args: { trackingNumber: string; link: string }): string {
  return smsText(`Kazi mpya ${args.trackingNumber}: ${args.link}`).text;
}

/** `riderReplacedSms` in Swahili: the old link no longer opens the order. */
export function riderReplacedSmsSw(args: { trackingNumber: string }): string {
  return smsText(`Wewe si msafirishaji wa oda ${args.trackingNumber} tena; muuzaji amekuondoa. Kiungo chako cha oda hii hakifanyi kazi tena.`).text;
}
