export * from './accepting-payment-gateway.js';
export * from './fixed-clock.js';
export * from './memory-store.js';
export * from './scenario.js';
export * from './memory-failure-counters.js';
export * from './pay-by-paybill.js';
export * from './memory-sms-delivery-reports.js';
