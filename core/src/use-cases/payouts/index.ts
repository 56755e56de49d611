export * from './admin-payouts.js';
export * from './finish-settlement.js';
export * from './plan-payouts.js';
export * from './record-payout-report.js';
export * from './send-payouts.js';
export * from './payout-timing.js';
export * from './reconcile-payouts.js';
