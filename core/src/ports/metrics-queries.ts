import type { OrderStatus } from '../orders/order-status.js';
import type { C2bPaymentStatus } from '../payments/c2b-payment.js';
import type { StkRequestStatus } from '../payments/stk-request.js';
import type { PayoutPurpose, PayoutState } from '../payouts/payout.js';

/** How many M-Pesa payment records are in each state: STK Pushes by status, Paybill (C2B) payments by status. */
export type PaymentCount =
  | { readonly kind: 'stk_push'; readonly state: StkRequestStatus; readonly count: number }
  | { readonly kind: 'c2b'; readonly state: C2bPaymentStatus; readonly count: number };

export interface PayoutCount {
  readonly purpose: PayoutPurpose;
  readonly state: PayoutState;
  readonly count: number;
}

export interface OutboxBacklog {
  /** Neither delivered nor given up: waiting to be sent, or being sent. */
  readonly unsent: number;
  /** When the oldest unsent message was written; null when none is unsent. */
  readonly oldestUnsentAt: Date | null;
  /** Given up on and never delivered (kept for an operator). */
  readonly givenUp: number;
}

/**
 * The figures an operator's metrics scrape reads from the database (GET /metrics): one
 * aggregate statement each, so several API hosts on one database all report the same truth.
 * Only the states that have rows are returned; the caller fills in the zeros.
 */
export interface MetricsQueries {
  ordersByStatus(): Promise<readonly { readonly status: OrderStatus; readonly count: number }[]>;
  paymentsByState(): Promise<readonly PaymentCount[]>;
  payoutsByState(): Promise<readonly PayoutCount[]>;
  outboxBacklog(): Promise<OutboxBacklog>;
}
