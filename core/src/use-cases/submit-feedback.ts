import { err, ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Feedback } from '../ports/records.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { validationMessages } from '../validation/messages.js';
import { optionalText, unstorableText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

const isRating = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;

/** After delivery the buyer rates rider and seller, once. */
export async function submitFeedback(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; riderRating: number; sellerRating: number; comment?: string | null; buyerName?: string | null },
  options: ChangeOptions<Result<Feedback>> = {},
): Promise<Result<Feedback>> {
  if (!isRating(args.riderRating) || !isRating(args.sellerRating)) {
    return err('VALIDATION_FAILED', { message: 'Please rate both the rider and seller' });
  }
  const refused = unstorableText([
    [args.comment, validationMessages.feedback.commentInvalid],
    [args.buyerName, validationMessages.order.buyerNameInvalid],
  ]);
  if (refused) return refused;
  const comment = optionalText(args.comment)?.slice(0, 1000) ?? null;
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'submit_feedback',
    decide: async ({ order, tx, now }) => {
      const feedback: Feedback = {
        orderId: order.id,
        buyerName: optionalText(args.buyerName) ?? order.buyerName,
        riderRating: args.riderRating,
        sellerRating: args.sellerRating,
        comment,
        createdAt: now,
      };
      if (!(await tx.feedback.insert(feedback))) return err('FEEDBACK_ALREADY_SUBMITTED');
      return ok({ auditData: { riderRating: feedback.riderRating, sellerRating: feedback.sellerRating }, result: () => feedback });
    },
  }, options);
}
