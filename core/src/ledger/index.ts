export * from './accounts.js';
export * from './balances.js';
export * from './order-postings.js';
export * from './posting.js';
export * from './ledger-audit.js';
