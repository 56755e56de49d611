export type * from './rider-phone-deps.js';
export * from './request-rider-phone-code.js';
export * from './verify-rider-phone-code.js';
export * from './rider-phone-proof.js';
