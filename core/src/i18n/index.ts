export * from './locale.js';
export * from './translation.js';
