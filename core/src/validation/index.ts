// The `@escrow/core/validation` entry, imported by the React frontends as well as the API:
// it may import only zod, the files of this folder and the rules (`../rules/`) its schemas are
// built on.
export * from './assign-rider.js';
export * from './auth.js';
export * from './buyer-payment.js';
export * from './contact-form.js';
export * from './delivery-code.js';
export * from './email.js';
export * from './export-range.js';
export * from './feedback.js';
export * from './fields.js';
export * from './locale-choice.js';
export * from './first-error.js';
export * from './messages.js';
export * from './money-input.js';
export * from './order-form.js';
export * from './password.js';
export * from './payment-config.js';
export * from './payment-number.js';
export * from './phone.js';
export * from './refund-request.js';
export * from './reset-code.js';
export * from './rider-payment.js';
export * from './rider-phone-code.js';
export * from './rider.js';
export * from './seller-about.js';
export * from './seller-business-details.js';
export * from './seller-notifications.js';
export * from './seller-payout-details.js';
export * from './seller-signup.js';
export * from './storable-text.js';
