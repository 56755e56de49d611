export type * from './clock.js';
export type * from './escrow-store.js';
export type * from './event-bus.js';
export * from './file-storage.js';
export type * from './notifier.js';
export type * from './payment-gateway.js';
export type * from './payout-gateway.js';
export type * from './random.js';
export * from './records.js';
