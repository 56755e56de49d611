// `@escrow/api/testing` (test code only, through the @escrow/source condition): the API's test
// worlds, for the admin CLI's tests that run the CLI on a database the API made.
export { must, PNG } from './escrow-support/world.js';
export { DIALECTS, openSellerWorld, ORDER_FORM, orderForm, ORIGIN, PASSWORD, type SellerSession, type SellerWorld, type Session } from './escrow-seller/seller-world.js';
export { openMpesaWorld, type MpesaWorld } from './mpesa/mpesa-world.js';
