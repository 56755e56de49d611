export { catalogue, tooManyAttemptsMessage, type Catalogue } from './catalogue.js';
export { messageFor } from './message-for.js';
export { cashDeliveryCodeSms, deliveryCodeSms, maskedPhone, payerPhoneFrom } from './buyer-sms.js';
