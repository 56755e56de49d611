export * from './reconcile-payments.js';
export * from './record-c2b-payment.js';
export * from './record-stk-callback.js';
export * from './request-stk-payment.js';
export * from './settle-stk-request.js';
export * from './stk-payment-view.js';
export * from './validate-c2b-payment.js';
export * from './get-stk-payment.js';
