export * from './constant-time.js';
export * from './delivery-code.js';
export * from './tracking-number.js';
