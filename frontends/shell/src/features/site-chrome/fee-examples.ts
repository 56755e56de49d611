/**
 * Worked examples of the service fee shown on the public pages, in integer cents: 2.5% of
 * the product price (PRODUCT-DECISIONS, Money), rounded half-up by core's fee policy.
 * Written out rather than computed so the landing page does not download the core; a test
 * (test/fee-examples.test.ts) checks every example against core's computeOrderMoney.
 */
export interface FeeExample {
  readonly price: number;
  readonly serviceFee: number;
  readonly sellerPayout: number;
}

export const SERVICE_FEE_PERCENT = '2.5%';

/** The landing page's hero card: a phone sold for KSh 85,000.00, the buyer paying delivery to the rider. */
export const LANDING_FEE_EXAMPLE: FeeExample = { price: 8_500_000, serviceFee: 212_500, sellerPayout: 8_287_500 };

/** The FAQ's round example: KSh 10,000.00. */
export const FAQ_FEE_EXAMPLE: FeeExample = { price: 1_000_000, serviceFee: 25_000, sellerPayout: 975_000 };
