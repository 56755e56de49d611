export * from './payout.js';
export * from './payout-postings.js';
export * from './seller-payout-details.js';
