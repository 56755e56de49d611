export * from './c2b-payment.js';
export * from './stk-request.js';
export * from './stk-result.js';
export * from './status-query.js';
export * from './status-result.js';
export * from './payer-binding.js';
