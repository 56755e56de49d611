import type { Cents } from '../money/cents.js';

export type PayoutDestination =
  | { readonly kind: 'mpesa_phone'; readonly msisdn: string }
  | { readonly kind: 'paybill'; readonly businessNumber: string; readonly accountReference: string }
  | { readonly kind: 'till'; readonly tillNumber: string };

/**
 * Money out (Daraja B2C for phones, B2B for paybill/till). `reference` is our idempotency key
 * (Daraja's OriginatorConversationID): the same reference twice never pays twice.
 */
export interface PayoutGateway {
  send(input: { reference: string; destination: PayoutDestination; amount: Cents; remarks: string }): Promise<
    | { readonly status: 'submitted'; readonly conversationId: string }
    /** Manual adapter: an admin pays by hand and marks it paid. */
    | { readonly status: 'manual' }
    | { readonly status: 'failed'; readonly retryable: boolean; readonly reason: string }
  >;
}
