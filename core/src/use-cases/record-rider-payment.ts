import { err, ok, type Result } from '../errors.js';
import { viewTexts } from '../messages/view-texts.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { RiderPaymentConfirmation } from '../ports/records.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { validationMessages } from '../validation/messages.js';
import { text, unstorableText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

/** The rider records the money collected at the door (delivery fee, cash), or an issue with it. */
export async function recordRiderPayment(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; paymentReceived: boolean; paymentIssue?: string | null },
  options: ChangeOptions<Result<RiderPaymentConfirmation>> = {},
): Promise<Result<RiderPaymentConfirmation>> {
  const refused = unstorableText([[args.paymentIssue, validationMessages.riderPayment.issueInvalid]]);
  if (refused) return refused;
  const issue = text(args.paymentIssue);
  if (typeof args.paymentReceived !== 'boolean') return err('VALIDATION_FAILED', { message: viewTexts.refusals.sayWhetherPaid });
  if (!args.paymentReceived && !issue) return err('VALIDATION_FAILED', { message: 'Please describe the payment issue' });
  if (issue.length > 1000) return err('VALIDATION_FAILED', { message: viewTexts.refusals.paymentIssueTooLong });
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'rider') return err('RIDER_ORDER_NOT_FOUND');
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor,
    action: 'record_rider_payment',
    decide: async ({ order, tx, now }) => {
      const saved: RiderPaymentConfirmation = { id: deps.random.uuid(), orderId: order.id, riderPhone: actor.phone, paymentReceived: args.paymentReceived, paymentIssue: args.paymentReceived ? null : issue, createdAt: now };
      await tx.riderPayments.insert(saved);
      return ok({ auditData: { paymentReceived: args.paymentReceived, paymentIssue: saved.paymentIssue }, result: () => saved });
    },
  }, options);
}
