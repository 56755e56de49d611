// The core's texts in Swahili (issue 19), for the server (errors, SMS) and tests: exported from
// the core's main entry only. The frontends fetch the catalogue's Swahili from its own entry
// (@escrow/core/messages-sw) as a chunk of its own, so the English entries they bundle
// (@escrow/core/messages, /validation) must not carry it.
export { catalogueSw, tooManyAttemptsMessageSw } from './catalogue-sw.js';
export { cashDeliveryCodeSmsSw, deliveryCodeSmsSw, outForDeliverySmsSw, riderAssignedSmsSw } from './buyer-sms-sw.js';
export { riderJobSmsSw, riderReplacedSmsSw } from './rider-sms-sw.js';
export {
  sellerCodeLockedSmsSw,
  sellerDeliveredSmsSw,
  sellerPaidOutSmsSw,
  sellerPaymentConfirmedSmsSw,
  sellerPaymentReportedSmsSw,
  sellerRefundedSmsSw,
  sellerRefundRequestedSmsSw,
} from './seller-sms-sw.js';
export { validationMessagesSw } from '../validation/messages-sw.js';
export { refundPaidSmsSw, refundSentSmsSw } from './buyer-sms-sw.js';
export { sellerEmailsSw } from './seller-emails-sw.js';
export { accountEmailsSw, describePayoutDetailsSw } from '../accounts/account-emails-sw.js';
export { sellerEmails, type EmailText, type SellerEmails } from './seller-emails.js';
export { adminEmails, type AdminEmails, type PaybillDetails } from './admin-emails.js';
export { adminEmailsSw } from './admin-emails-sw.js';
export { textsFor, type RecipientTexts } from './recipient-texts.js';
