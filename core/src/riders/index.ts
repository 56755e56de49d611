export type * from './rider-phone-records.js';
export * from './rider-phone-policy.js';
