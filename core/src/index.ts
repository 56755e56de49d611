/**
 * @escrow/core: the escrow delivery domain. Pure TypeScript, no I/O: adapters implement the
 * ports, apps wire them into the use cases.
 */
export * from './errors.js';
export * from './money/index.js';
export * from './orders/index.js';
export * from './codes/index.js';
export * from './ledger/index.js';
export * from './export/index.js';
export * from './ports/index.js';
export * from './payments/index.js';
export * from './payouts/index.js';
export * from './use-cases/payouts/index.js';
export * from './use-cases/index.js';
export * from './messages/index.js';
export * from './messages/swahili.js';
export * from './messages/view-texts.js';
export * from './messages/view-texts-sw.js';
export * from './messages/swahili-of.js';
export * from './files/index.js';
export * from './accounts/index.js';
export * from './riders/index.js';
export * from './use-cases/accounts/index.js';
export * from './use-cases/admin/index.js';
export * from './views/index.js';
export { cryptoRandom } from './platform/crypto-random.js';
export { systemClock } from './platform/system-clock.js';
