export { catalogue, tooManyAttemptsMessage, type Catalogue } from './catalogue.js';
export { catalogueSw, tooManyAttemptsMessageSw } from './catalogue-sw.js';
export { messageFor } from './message-for.js';
export { cashDeliveryCodeSms, deliveryCodeSms, maskedPhone, outForDeliverySms, payerPhoneFrom, riderAssignedSms } from './buyer-sms.js';
export { riderJobSms, riderReplacedSms } from './rider-sms.js';
// The SMS texts in Swahili (issue 19): the same parameters, one GSM-7 segment each.
export { cashDeliveryCodeSmsSw, deliveryCodeSmsSw, outForDeliverySmsSw, riderAssignedSmsSw } from './buyer-sms-sw.js';
export { riderJobSmsSw, riderReplacedSmsSw } from './rider-sms-sw.js';
export { GSM7_SEGMENT_LIMIT, SERVICE_NAME, smsLength, smsNotification, smsText, UCS2_SEGMENT_LIMIT, type SmsLength, type SmsText } from './sms-text.js';
export {
  sellerCodeLockedSms,
  sellerDeliveredSms,
  sellerPaidOutSms,
  sellerPaymentConfirmedSms,
  sellerPaymentReportedSms,
  sellerRefundedSms,
  sellerRefundRequestedSms,
} from './seller-sms.js';
export {
  sellerCodeLockedSmsSw,
  sellerDeliveredSmsSw,
  sellerPaidOutSmsSw,
  sellerPaymentConfirmedSmsSw,
  sellerPaymentReportedSmsSw,
  sellerRefundedSmsSw,
  sellerRefundRequestedSmsSw,
} from './seller-sms-sw.js';
