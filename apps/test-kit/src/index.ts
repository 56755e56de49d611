// @escrow/test-kit: what API tests, CLI tests and browser tests share (issue 20, item 5).
export { freshAddress, freshEmail, freshMpesaReceipt, freshPhone, uniqueId } from './fresh.js';
