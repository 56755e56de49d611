// @escrow/test-kit: what API tests, CLI tests and browser tests share (issue 20, item 5).
export { freshAddress, freshEmail, freshMpesaReceipt, freshPhone, uniqueId } from './fresh.js';
export { freePort } from './free-port.js';
export {
  addRider,
  assignNewRider,
  assignRider,
  buyerHeaders,
  buyerOrder,
  confirmPayment,
  createOrder,
  DEFAULT_ORDER,
  fetchTransport,
  PNG,
  removeRider,
  requestRefund,
  riderCredentials,
  riderHeaders,
  riderSteps,
  SEED_PASSWORD,
  seedCall,
  sellerOrder,
  sendContactMessage,
  signUp,
  signUpSeller,
  viewKeyOf,
} from './http-seed.js';
export type { OrderInput, SeedFile, SeedOrder, SeedRequest, SeedRider, SeedTransport, SellerProfileInput } from './http-seed.js';
export { runSource, type SourceRun } from './run-source.js';
