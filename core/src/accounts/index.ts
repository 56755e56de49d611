export * from './account-records.js';
export * from './account-emails.js';
export * from './account-rate-limits.js';
export * from './oauth-sign-in-policy.js';
export * from './reset-code-policy.js';
export * from './session-policy.js';
export * from './sign-in-throttle.js';
export * from './payout-details-email.js';
