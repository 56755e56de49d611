export * from './admin-caller.js';
export type * from './admin-deps.js';
export * from './admin-order-search.js';
export * from './export-orders.js';
export * from './get-admin-summary.js';
export * from './list-admin-sellers.js';
export * from './list-contact-messages.js';
export * from './payment-config.js';
export * from './resolve-contact-message.js';
