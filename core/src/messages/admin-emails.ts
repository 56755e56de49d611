import { nairobiDateTime } from '../export/orders-csv.js';
import type { EmailText } from './seller-emails.js';

/** A Paybill as the admins' email names it. */
export interface PaybillDetails {
  readonly businessNumber: string;
  readonly accountNumber: string;
  readonly accountName: string;
}

/**
 * The admins' emails, in English; Swahili in admin-emails-sw.ts typed to this shape. Each admin
 * reads them in their account's language (`textsFor(locale).adminEmails`, decision 0066).
 */
export const adminEmails = {
  /** Every admin is told when the Paybill buyers pay to changes (who, when, before and after). */
  paybillChanged: (a: { by: string | null; at: Date; before: PaybillDetails | null; after: PaybillDetails }): EmailText => {
    const was = a.before ? `${a.before.businessNumber}, account ${a.before.accountNumber}, ${a.before.accountName}` : 'not set';
    return {
      subject: 'Paybill details changed',
      body: [
        `The Paybill shown to buyers was changed by ${a.by ?? 'an admin'} on ${nairobiDateTime(a.at)} (Nairobi time).`,
        '',
        `Now: business number ${a.after.businessNumber}, account ${a.after.accountNumber}, ${a.after.accountName}`,
        `Before: ${was}`,
        '',
        'Buyers now pay to the new number. If you did not expect this change, check the admin dashboard at once.',
      ].join('\n'),
    };
  },
};

export type AdminEmails = typeof adminEmails;
