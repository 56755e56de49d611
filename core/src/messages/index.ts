export { catalogue, tooManyAttemptsMessage, type Catalogue } from './catalogue.js';
export { messageFor } from './message-for.js';
export { cashDeliveryCodeSms, deliveryCodeSms, maskedPhone, outForDeliverySms, payerPhoneFrom, refundPaidSms, refundSentSms, riderAssignedSms } from './buyer-sms.js';
export { riderJobSms, riderReplacedSms } from './rider-sms.js';
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
