export * from './c2b-payment.js';
export * from './stk-request.js';
export * from './stk-result.js';
