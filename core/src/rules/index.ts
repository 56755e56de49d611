// The `@escrow/core/rules` entry: the pure rules every screen shares with the server (phone
// numbers, receipts, codes, tracking numbers, text limits, status groups). No zod and no import
// outside this folder, so the buyer and rider pages take them at a few hundred bytes
// (decisions 0025, 0053, 0062). The zod schemas of `@escrow/core/validation` are built on them.
export * from './codes.js';
export * from './kenyan-phone.js';
export * from './mpesa-receipt.js';
export * from './order-statuses.js';
export * from './text-limits.js';
export * from './tracking-number.js';
