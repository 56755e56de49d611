export * from './cents.js';
export * from './fee-policy.js';
export * from './payouts.js';
export * from './average.js';
