import type { Cents } from '../money/cents.js';

/** Where the buyer pays: a Paybill business number with the tracking number as account. */
export interface PaymentInstructions {
  readonly businessNumber: string;
  readonly accountNumber: string;
  readonly accountName: string;
  readonly amount: Cents;
}

/**
 * A payment the buyer says they made, checked with the provider where the provider allows.
 * Shaped after Daraja: C2B confirmations arrive with TransID (receipt), BillRefNumber (our
 * tracking number) and TransAmount; Transaction Status can be queried by receipt.
 */
export interface PaymentClaim {
  readonly receipt: string;
  readonly accountReference: string;
  readonly amount: Cents;
}

export type PaymentVerification =
  /** The provider confirmed receipt, account and amount. */
  | { readonly status: 'verified'; readonly receivedAt: Date }
  /** The provider cannot tell (manual Paybill): the claim is recorded and reconciled later. */
  | { readonly status: 'unverifiable' }
  /** The provider knows the receipt but it does not fit this order. */
  | { readonly status: 'mismatch'; readonly reason: string }
  | { readonly status: 'not_found' }
  /** The provider did not answer; the buyer may try again. */
  | { readonly status: 'unavailable'; readonly reason: string };

export interface PaymentGateway {
  verify(claim: PaymentClaim): Promise<PaymentVerification>;
  /** Daraja STK Push; absent on the manual Paybill adapter. */
  requestPayment?(input: { phoneMsisdn: string; amount: Cents; accountReference: string; description: string }): Promise<{ checkoutRequestId: string }>;
}
