import { nairobiDateTime } from '../export/orders-csv.js';
import { SERVICE_NAME } from '../messages/sms-text.js';
import type { PayoutDetailsChoice } from '../validation/seller-payout-details.js';
import { maskAccountReference, maskPayoutPhone } from '../validation/seller-payout-details.js';
import type { Notification } from '../ports/notifier.js';

const nairobi = (at: Date): string => `${nairobiDateTime(at).slice(0, 16)} (Nairobi time)`;

/** The destination in words, with the phone and the account number masked (`07xx xxx 678`, `…789`). */
export function describePayoutDetails(details: PayoutDetailsChoice): string {
  switch (details.method) {
    case 'mpesa_phone':
      return `M-Pesa phone ${maskPayoutPhone(details.phone ?? '')}`;
    case 'paybill':
      return details.accountReference
        ? `Paybill ${details.paybillNumber ?? ''}, account ${maskAccountReference(details.accountReference)}`
        : `Paybill ${details.paybillNumber ?? ''} (account number missing)`;
    case 'till':
      return `Till number ${details.tillNumber ?? ''}`;
  }
}

/**
 * Sent to the account's own address whenever a seller's payout details change (decision 0049),
 * whatever the seller chose for order notifications: it is a security notice, and the one way
 * the owner learns of a change made by someone who has their password.
 */
export function payoutDetailsChangedEmail(args: { to: string; details: PayoutDetailsChoice; changedAt: Date; heldUntil: Date }): Notification {
  return {
    channel: 'email',
    to: args.to,
    subject: `Your ${SERVICE_NAME} payout details were changed`,
    body: [
      `The payout details of your ${SERVICE_NAME} seller account (${args.to}) were changed on ${nairobi(args.changedAt)}.`,
      '',
      `Your payouts now go to: ${describePayoutDetails(args.details)}.`,
      '',
      `For your safety, payouts to these new details start after 24 hours, from ${nairobi(args.heldUntil)}. Payouts due before then wait; none go to the old details.`,
      '',
      'If this was you, there is nothing more to do.',
      'If it was not you, someone may know your password: reset it at once with "Forgot password" on the sign-in page, set your payout details back on your seller profile, and reply to this email so we can stop the payouts.',
    ].join('\n'),
  };
}
