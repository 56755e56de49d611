export * from './payout.js';
export * from './payout-postings.js';
