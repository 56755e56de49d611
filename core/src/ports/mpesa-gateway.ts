import type { Cents } from '../money/cents.js';

/**
 * Money in by M-Pesa, the way Daraja does it (adapters/mpesa-daraja; the simulator in
 * apps/daraja-sim in development and tests). The gateway only talks to Safaricom: what it
 * answers is stored and acted on by the use cases (payments/*), and money moves only on a
 * final STK Query answer or a C2B confirmation (PRODUCT-DECISIONS, Real money).
 */
export interface StkPushRequest {
  /** `2547XXXXXXXX` / `2541XXXXXXXX`. */
  readonly msisdn: string;
  /** Whole shillings, in cents (a multiple of 100): STK Push takes no decimals. */
  readonly amount: Cents;
  /** The order's tracking number (at most 12 characters, shown in the prompt). */
  readonly accountReference: string;
  readonly description: string;
}

export type StkPushOutcome =
  /** Safaricom accepted the request and is prompting the phone. */
  | { readonly status: 'accepted'; readonly checkoutRequestId: string; readonly merchantRequestId: string }
  /** Safaricom refused it: nothing was prompted. `retryable`: the same request may work later (throttled, phone busy). */
  | { readonly status: 'refused'; readonly reason: string; readonly retryable: boolean }
  /** No answer (timeout, connection cut): the prompt may or may not have gone out; never sent again blindly. */
  | { readonly status: 'unknown'; readonly reason: string };

export type StkQueryOutcome =
  /** "The transaction is being processed": ask again later. */
  | { readonly status: 'pending' }
  /** The final result code (0 = paid) as Daraja's STK Query gives it. */
  | { readonly status: 'final'; readonly resultCode: number; readonly resultDesc: string }
  /** The query itself failed (timeout, throttled, Safaricom down): ask again later. */
  | { readonly status: 'unavailable'; readonly reason: string };

export interface MpesaGateway {
  stkPush(request: StkPushRequest): Promise<StkPushOutcome>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryOutcome>;
}
