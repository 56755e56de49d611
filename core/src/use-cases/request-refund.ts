import { err, ok, type Result } from '../errors.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { RefundRequest } from '../ports/records.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { validationMessages } from '../validation/messages.js';
import { text, unstorableText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';
import { REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from '../rules/text-limits.js';

/**
 * After payment and before the code: the buyer withholds the code and asks for a refund, or
 * the seller or rider records that the buyer rejected the item. An admin resolves it.
 */
export async function requestRefund(deps: EscrowDeps, args: { orderId: string; actor: Actor; reason: string }, options: ChangeOptions<Result<RefundRequest>> = {}): Promise<Result<RefundRequest>> {
  const refused = unstorableText([[args.reason, validationMessages.refund.reasonInvalid]]);
  if (refused) return refused;
  const reason = text(args.reason);
  if (reason.length < REFUND_REASON_MIN_LENGTH) return err('VALIDATION_FAILED', { message: 'Please tell us why you want a refund' });
  if (reason.length > REFUND_REASON_MAX_LENGTH) return err('VALIDATION_FAILED', { message: `The reason can be at most ${REFUND_REASON_MAX_LENGTH} characters` });
  const actor = parseActor(args.actor);
  if (!actor || (actor.kind !== 'buyer' && actor.kind !== 'seller' && actor.kind !== 'rider')) return err('FORBIDDEN');
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor,
    action: 'request_refund',
    decide: async ({ order, tx, now }) => {
      if (await tx.refunds.findOpenByOrder(order.id)) return err('REFUND_ALREADY_REQUESTED');
      const request: RefundRequest = {
        id: deps.random.uuid(),
        orderId: order.id,
        requestedBy: actor.kind,
        reason,
        status: 'open',
        createdAt: now,
        resolvedAt: null,
        resolvedBy: null,
        mpesaReference: null,
        resolutionNote: null,
      };
      await tx.refunds.insert(request);
      return ok({
        auditData: { refundRequestId: request.id, requestedBy: actor.kind },
        notifySeller: (updated) => (t) => ({
          ...t.sellerEmails.refundRequested({ trackingNumber: updated.trackingNumber, reason }),
          // The reason is typed text (any length, any characters): the email has it, the SMS points to the order.
          sms: t.sellerSms.refundRequested({ trackingNumber: updated.trackingNumber }),
        }),
        result: () => request,
      });
    },
  }, options);
}
