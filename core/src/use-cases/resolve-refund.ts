import { err, ok, type Result } from '../errors.js';
import { refundPostings } from '../ledger/order-postings.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { textsFor } from '../messages/recipient-texts.js';
import { mutateOrder, RollbackError } from './mutate-order.js';
import { parseMpesaReceipt } from './confirm-payment.js';
import { optionalText, unstorableText } from './input-text.js';
import { newPayout } from './payouts/plan-payouts.js';
import type { Posting } from '../ledger/posting.js';
import { claimMoneyOutReference } from './claim-money-out-reference.js';

export type RefundDecision =
  | { readonly decision: 'refund'; readonly mpesaReference: string; readonly note?: string | null }
  | { readonly decision: 'reject'; readonly note?: string | null };

/**
 * An admin resolves an open refund request: refund (the order is cancelled and the whole
 * escrowed price goes back to the buyer, with the M-Pesa reference of the refund) or reject.
 * The reference is refused when another refund, settlement or payout has it, or when it is a
 * buyer's payment receipt (decision 0050); then nothing changes.
 */
export async function resolveRefund(deps: EscrowDeps, args: { refundId: string; actor: Actor; resolution: RefundDecision }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  const adminId = actor.userId;
  const resolution: Partial<Record<string, unknown>> = typeof args.resolution === 'object' && args.resolution !== null ? { ...args.resolution } : {};
  const decision = resolution['decision'];
  if (decision !== 'refund' && decision !== 'reject') return err('VALIDATION_FAILED', { message: 'Choose to refund or reject' });
  const typed = resolution['mpesaReference'];
  const reference = decision === 'refund' ? parseMpesaReceipt(typed) : null;
  // With M-Pesa payouts on, a refund with no reference typed is paid by B2C to the phone that
  // paid (decision 0051); a reference typed records a refund made by hand, as without payouts.
  const byPayout = decision === 'refund' && deps.payouts !== undefined && (typed === undefined || typed === null || typed === '');
  if (decision === 'refund' && !reference && !byPayout) {
    return err('VALIDATION_FAILED', { message: 'Enter the 10-character M-Pesa reference of the refund' });
  }
  const refused = unstorableText([[resolution['note'], 'The note contains a character that is not allowed']]);
  if (refused) return refused;
  const note = optionalText(resolution['note']);
  if (typeof args.refundId !== 'string') return err('REFUND_NOT_FOUND');
  const request = await deps.store.read((tx) => tx.refunds.get(args.refundId));
  if (!request) return err('REFUND_NOT_FOUND');
  if (request.status !== 'open') return err('REFUND_ALREADY_RESOLVED');

  return mutateOrder(deps, {
    orderId: request.orderId,
    actor,
    action: decision === 'refund' ? 'refund' : 'reject_refund',
    decide: async ({ order, tx, now }) => {
      const resolved = await tx.refunds.resolve(request.id, {
        status: decision === 'refund' ? 'refunded' : 'rejected',
        resolvedAt: now,
        resolvedBy: adminId,
        mpesaReference: reference,
        resolutionNote: note,
      });
      if (!resolved) throw new RollbackError({ code: 'REFUND_ALREADY_RESOLVED' });
      if (decision === 'reject') {
        return ok({ auditData: { refundRequestId: request.id, decision: 'reject' } });
      }
      if (byPayout) {
        const payerPhone = order.payerPhone;
        if (!payerPhone) throw new RollbackError({ code: 'VALIDATION_FAILED', message: 'M-Pesa did not give the phone that paid this order: refund it by hand and enter the M-Pesa reference of the refund' });
        const refund = newPayout({ id: deps.random.uuid(), order, purpose: 'refund', amount: order.price, state: 'queued', now, decidedBy: adminId });
        if (!(await tx.payouts.insert(refund))) throw new RollbackError({ code: 'REFUND_ALREADY_RESOLVED' });
        return ok({
          changes: { cancelledAt: now, riderKey: null },
          // Escrow to the buyer's refundable account now; the payout moves it out when M-Pesa pays.
          postings: (updated, newId) => [refundPostings(updated, { reserveId: newId(), outId: newId(), createdAt: now, reference: '' })[0] as Result<Posting>],
          auditData: { refundRequestId: request.id, decision: 'refund', payoutId: refund.id, orderStatusBefore: order.status },
          notifySeller: (updated) => (t) => ({
            ...t.sellerEmails.refunded({ trackingNumber: updated.trackingNumber }),
            sms: t.sellerSms.refunded({ trackingNumber: updated.trackingNumber }),
          }),
          sms: (updated) => [{ to: payerPhone, body: textsFor(updated.buyerLocale).buyerSms.refundSent({ trackingNumber: updated.trackingNumber, price: updated.price }) }],
        });
      }
      // One M-Pesa transaction is one refund or payout (decision 0050); a refusal undoes the resolve above.
      const refused = await claimMoneyOutReference(tx, { reference: reference ?? '', kind: 'refund', orderId: order.id, ownerId: request.id, at: now });
      if (refused) throw new RollbackError(refused);
      return ok({
        changes: { cancelledAt: now, riderKey: null },
        postings: (updated, newId) => refundPostings(updated, { reserveId: newId(), outId: newId(), createdAt: now, reference: reference ?? '' }),
        auditData: { refundRequestId: request.id, decision: 'refund', mpesaReference: reference, orderStatusBefore: order.status },
        notifySeller: (updated) => (t) => ({
          ...t.sellerEmails.refunded({ trackingNumber: updated.trackingNumber }),
          sms: t.sellerSms.refunded({ trackingNumber: updated.trackingNumber }),
        }),
      });
    },
  }, options);
}
