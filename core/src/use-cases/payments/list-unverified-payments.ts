import { claimPending } from '../../ledger/ledger-audit.js';
import type { C2bPayment } from '../../payments/c2b-payment.js';
import type { EscrowDeps } from '../deps.js';

/** A claim older than this without a verified payment is flagged to admins (issue 15). */
export const CLAIM_FLAG_AFTER_MS = 24 * 60 * 60_000;

export interface UnverifiedPayment {
  readonly orderId: string;
  readonly trackingNumber: string;
  readonly price: number;
  /** `claim`: a typed receipt waiting for M-Pesa; `unverified_paid`: paid before payments were verified (no payout). */
  readonly kind: 'claim' | 'unverified_paid';
  readonly receipt: string | null;
  readonly since: Date;
  /** A claim older than 24 hours. */
  readonly flagged: boolean;
}

export interface UnverifiedPayments {
  readonly orders: readonly UnverifiedPayment[];
  /** Paybill payments no order took, for an admin to attach or refund. */
  readonly unmatched: readonly C2bPayment[];
}

/** What an operator must look at: money M-Pesa has not confirmed, and money no order took. Admin tools only. */
export async function listUnverifiedPayments(deps: EscrowDeps, options: { limit?: number } = {}): Promise<UnverifiedPayments> {
  const limit = options.limit ?? 200;
  const now = deps.clock.now().getTime();
  return deps.store.read(async (tx) => {
    const orders = (await tx.orders.listUnverifiedPayments(limit)).map((order): UnverifiedPayment => {
      const claim = claimPending(order);
      const since = (claim ? order.paymentClaimedAt : order.paymentConfirmedAt) ?? order.createdAt;
      return {
        orderId: order.id,
        trackingNumber: order.trackingNumber,
        price: order.price,
        kind: claim ? 'claim' : 'unverified_paid',
        receipt: claim ? order.paymentClaimReceipt : order.mpesaReceipt,
        since,
        flagged: claim && now - since.getTime() > CLAIM_FLAG_AFTER_MS,
      };
    });
    return { orders, unmatched: await tx.mpesa.listC2bPayments({ status: 'unmatched', limit }) };
  });
}
