import type { FeePolicy } from '../money/fee-policy.js';
import type { Clock } from '../ports/clock.js';
import type { EscrowStore } from '../ports/escrow-store.js';
import type { EventBus } from '../ports/event-bus.js';
import type { MpesaGateway } from '../ports/mpesa-gateway.js';
import type { PaymentGateway } from '../ports/payment-gateway.js';
import type { PayoutGateway } from '../ports/payout-gateway.js';
import type { Random } from '../ports/random.js';

/**
 * The payout worker's waits (MPESA_PAYOUT_SENDING_LEASE_SECONDS, MPESA_PAYOUT_RESULT_WAIT_SECONDS,
 * MPESA_PAYOUT_STATUS_CHECK_SECONDS); absent, today's: a 2-minute lease, 5 minutes for a Result,
 * a first status query after 1 minute. Shorter waits only make M-Pesa asked sooner: a payout is
 * never sent again on a wait running out, only asked about by its OriginatorConversationID.
 */
export interface PayoutTiming {
  readonly sendingLeaseMs: number;
  readonly resultWaitMs: number;
  /** The wait before the first status query; later ones wait 2, 5, 15, 30 and then 60 times as long. */
  readonly firstStatusCheckMs: number;
}

/** The ports every escrow use case is given by the app's composition root. */
export interface EscrowDeps {
  readonly store: EscrowStore;
  readonly clock: Clock;
  readonly random: Random;
  readonly payments: PaymentGateway;
  readonly fees: FeePolicy;
  /** Daraja (or its simulator): STK Push and its query. Absent: buyers pay the Paybill by hand. */
  readonly mpesa?: MpesaGateway;
  /**
   * Payouts by M-Pesa (decision 0051): B2C/B2B through `gateway`, sent as soon as an order is
   * delivered (`automatic`) or once an admin approves them (`approval`). Absent: payouts are made
   * by hand and recorded with their M-Pesa reference (Mark Paid). `timing`: the worker's lease,
   * Result wait and status-query waits, where the deployment sets them (payoutTiming).
   */
  readonly payouts?: { readonly gateway: PayoutGateway; readonly mode: 'automatic' | 'approval'; readonly timing?: Partial<PayoutTiming> };
  /** Told about committed changes (live screens); optional for embedders and the CLI. */
  readonly events?: EventBus;
  /**
   * The origin the links in text messages open (PUBLIC_BASE_URL; on a laptop, this server).
   * Absent (embedders, the CLI): messages carry no links, and the seller shares them by hand.
   */
  readonly linkBase?: string;
}
