import { accountEmails, type AccountEmails } from '../accounts/account-emails.js';
import { accountEmailsSw } from '../accounts/account-emails-sw.js';
import { isLocale, type Locale } from '../i18n/locale.js';
import { cashDeliveryCodeSms, deliveryCodeSms, outForDeliverySms, refundPaidSms, refundSentSms, riderAssignedSms } from './buyer-sms.js';
import { cashDeliveryCodeSmsSw, deliveryCodeSmsSw, outForDeliverySmsSw, refundPaidSmsSw, refundSentSmsSw, riderAssignedSmsSw } from './buyer-sms-sw.js';
import { riderJobSms, riderReplacedSms } from './rider-sms.js';
import { riderJobSmsSw, riderReplacedSmsSw } from './rider-sms-sw.js';
import { adminEmails, type AdminEmails } from './admin-emails.js';
import { adminEmailsSw } from './admin-emails-sw.js';
import { sellerEmails, type SellerEmails } from './seller-emails.js';
import { sellerEmailsSw } from './seller-emails-sw.js';
import {
  sellerCodeLockedSms,
  sellerDeliveredSms,
  sellerPaidOutSms,
  sellerPaymentConfirmedSms,
  sellerPaymentReportedSms,
  sellerRefundedSms,
  sellerRefundRequestedSms,
} from './seller-sms.js';
import {
  sellerCodeLockedSmsSw,
  sellerDeliveredSmsSw,
  sellerPaidOutSmsSw,
  sellerPaymentConfirmedSmsSw,
  sellerPaymentReportedSmsSw,
  sellerRefundedSmsSw,
  sellerRefundRequestedSmsSw,
} from './seller-sms-sw.js';

/** Every text the product sends to a phone or an address, in one language (decision 0066). */
export interface RecipientTexts {
  readonly locale: Locale;
  /** To the buyer: the order's `buyerLocale`. The delivery code goes to the payer in it too. */
  readonly buyerSms: {
    readonly deliveryCode: typeof deliveryCodeSms;
    readonly cashDeliveryCode: typeof cashDeliveryCodeSms;
    readonly riderAssigned: typeof riderAssignedSms;
    readonly outForDelivery: typeof outForDeliverySms;
    readonly refundSent: typeof refundSentSms;
    readonly refundPaid: typeof refundPaidSms;
  };
  /** To the rider: the rider's own language (`Rider.locale`). */
  readonly riderSms: {
    readonly job: typeof riderJobSms;
    readonly replaced: typeof riderReplacedSms;
  };
  /** To the seller: the account's language (`SellerRef.locale`). */
  readonly sellerSms: {
    readonly paymentConfirmed: typeof sellerPaymentConfirmedSms;
    readonly paymentReported: typeof sellerPaymentReportedSms;
    readonly delivered: typeof sellerDeliveredSms;
    readonly codeLocked: typeof sellerCodeLockedSms;
    readonly refundRequested: typeof sellerRefundRequestedSms;
    readonly refunded: typeof sellerRefundedSms;
    readonly paidOut: typeof sellerPaidOutSms;
  };
  readonly sellerEmails: SellerEmails;
  /** Account emails: the language of the request that caused them (`requestLocale`). */
  readonly accountEmails: AccountEmails;
  /** To each admin: the admin account's language (`users.locale`). */
  readonly adminEmails: AdminEmails;
}

const TEXTS: Readonly<Record<Locale, RecipientTexts>> = {
  en: {
    locale: 'en',
    buyerSms: { deliveryCode: deliveryCodeSms, cashDeliveryCode: cashDeliveryCodeSms, riderAssigned: riderAssignedSms, outForDelivery: outForDeliverySms, refundSent: refundSentSms, refundPaid: refundPaidSms },
    riderSms: { job: riderJobSms, replaced: riderReplacedSms },
    sellerSms: {
      paymentConfirmed: sellerPaymentConfirmedSms,
      paymentReported: sellerPaymentReportedSms,
      delivered: sellerDeliveredSms,
      codeLocked: sellerCodeLockedSms,
      refundRequested: sellerRefundRequestedSms,
      refunded: sellerRefundedSms,
      paidOut: sellerPaidOutSms,
    },
    sellerEmails,
    accountEmails,
    adminEmails,
  },
  sw: {
    locale: 'sw',
    buyerSms: { deliveryCode: deliveryCodeSmsSw, cashDeliveryCode: cashDeliveryCodeSmsSw, riderAssigned: riderAssignedSmsSw, outForDelivery: outForDeliverySmsSw, refundSent: refundSentSmsSw, refundPaid: refundPaidSmsSw },
    riderSms: { job: riderJobSmsSw, replaced: riderReplacedSmsSw },
    sellerSms: {
      paymentConfirmed: sellerPaymentConfirmedSmsSw,
      paymentReported: sellerPaymentReportedSmsSw,
      delivered: sellerDeliveredSmsSw,
      codeLocked: sellerCodeLockedSmsSw,
      refundRequested: sellerRefundRequestedSmsSw,
      refunded: sellerRefundedSmsSw,
      paidOut: sellerPaidOutSmsSw,
    },
    sellerEmails: sellerEmailsSw,
    accountEmails: accountEmailsSw,
    adminEmails: adminEmailsSw,
  },
};

/**
 * The texts for a recipient who reads `locale` (decision 0066): the one place the language of an
 * SMS or email is chosen, by the use cases, at the moment they write it to the outbox. Anything
 * that is not a language the product speaks (a row written before the recipient chose, a
 * missing value) reads English, the language of the spec's texts.
 */
export function textsFor(locale: Locale | null | undefined): RecipientTexts {
  return isLocale(locale) ? TEXTS[locale] : TEXTS.en;
}
