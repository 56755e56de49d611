export * from './constant-time.js';
export * from './delivery-code.js';
export * from './one-time-code.js';
export * from './tracking-number.js';
