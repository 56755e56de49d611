export * from './access.js';
export type * from './actor.js';
export { parseActor } from './actor.js';
export * from './order.js';
export * from './order-status.js';
export * from './progress.js';
export * from './transitions.js';
export * from './seller-dashboard.js';
