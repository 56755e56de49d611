import { claimPending } from '../../ledger/ledger-audit.js';
import type { C2bPayment } from '../../payments/c2b-payment.js';
import { CLAIM_FLAG_AFTER_MS } from '../../payments/status-query.js';
import type { EscrowDeps } from '../deps.js';
import { claimCheckNote } from './claim-check-note.js';

export interface UnverifiedPayment {
  readonly orderId: string;
  readonly trackingNumber: string;
  readonly price: number;
  /** `claim`: a typed receipt waiting for M-Pesa; `unverified_paid`: paid before payments were verified (no payout). */
  readonly kind: 'claim' | 'unverified_paid';
  readonly receipt: string | null;
  readonly since: Date;
  /** A claim older than 24 hours (CLAIM_FLAG_AFTER_MS). */
  readonly flagged: boolean;
  /** A claim: what M-Pesa's Transaction Status said of its receipt so far, in words (claimCheckNote); null otherwise. */
  readonly check: string | null;
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
    const orders: UnverifiedPayment[] = [];
    for (const order of await tx.orders.listUnverifiedPayments(limit)) {
      const claim = claimPending(order);
      const since = (claim ? order.paymentClaimedAt : order.paymentConfirmedAt) ?? order.createdAt;
      orders.push({
        orderId: order.id,
        trackingNumber: order.trackingNumber,
        price: order.price,
        kind: claim ? 'claim' : 'unverified_paid',
        receipt: claim ? order.paymentClaimReceipt : order.mpesaReceipt,
        since,
        flagged: claim && now - since.getTime() > CLAIM_FLAG_AFTER_MS,
        check: claim ? claimCheckNote(order, await tx.mpesa.listStatusQueriesForOrder(order.id)) : null,
      });
    }
    return { orders, unmatched: await tx.mpesa.listC2bPayments({ status: 'unmatched', limit }) };
  });
}
