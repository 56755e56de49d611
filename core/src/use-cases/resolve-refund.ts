import { err, ok, type Result } from '../errors.js';
import { refundPostings } from '../ledger/order-postings.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder, RollbackError } from './mutate-order.js';
import { parseMpesaReceipt } from './confirm-payment.js';

export type RefundDecision =
  | { readonly decision: 'refund'; readonly mpesaReference: string; readonly note?: string | null }
  | { readonly decision: 'reject'; readonly note?: string | null };

/**
 * An admin resolves an open refund request: refund (the order is cancelled and the whole
 * escrowed price goes back to the buyer, with the M-Pesa reference of the refund) or reject.
 */
export async function resolveRefund(deps: EscrowDeps, args: { refundId: string; actor: Actor; resolution: RefundDecision }): Promise<Result<Order>> {
  if (args.actor.kind !== 'admin') return err('FORBIDDEN');
  const adminId = args.actor.userId;
  const { resolution } = args;
  const reference = resolution.decision === 'refund' ? parseMpesaReceipt(resolution.mpesaReference) : null;
  if (resolution.decision === 'refund' && !reference) {
    return err('VALIDATION_FAILED', { message: 'Enter the 10-character M-Pesa reference of the refund' });
  }
  const request = await deps.store.read((tx) => tx.refunds.get(args.refundId));
  if (!request) return err('REFUND_NOT_FOUND');
  if (request.status !== 'open') return err('REFUND_ALREADY_RESOLVED');

  return mutateOrder(deps, {
    orderId: request.orderId,
    actor: args.actor,
    action: resolution.decision === 'refund' ? 'refund' : 'reject_refund',
    decide: async ({ order, tx, now }) => {
      const resolved = await tx.refunds.resolve(request.id, {
        status: resolution.decision === 'refund' ? 'refunded' : 'rejected',
        resolvedAt: now,
        resolvedBy: adminId,
        mpesaReference: reference,
        resolutionNote: resolution.note?.trim() || null,
      });
      if (!resolved) throw new RollbackError({ code: 'REFUND_ALREADY_RESOLVED' });
      if (resolution.decision === 'reject') {
        return ok({ auditData: { refundRequestId: request.id, decision: 'reject' } });
      }
      return ok({
        changes: { cancelledAt: now, riderKey: null },
        postings: (updated, newId) => refundPostings(updated, { reserveId: newId(), outId: newId(), createdAt: now, reference: reference ?? '' }),
        auditData: { refundRequestId: request.id, decision: 'refund', mpesaReference: reference, orderStatusBefore: order.status },
        notifySeller: (updated) => ({ subject: 'Order refunded', body: `Order ${updated.trackingNumber} was refunded to the buyer and cancelled.` }),
      });
    },
  });
}
