import { err, ok, type Result } from '../errors.js';
import { generateDeliveryCode } from '../codes/delivery-code.js';
import { maskedPhone } from '../messages/buyer-sms.js';
import { textsFor } from '../messages/recipient-texts.js';
import { viewTexts } from '../messages/view-texts.js';
import type { Actor } from '../orders/actor.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder } from './mutate-order.js';

/**
 * How many new codes may replace a locked one on one order. With the seller's and admins' 3
 * unlocks, code entry opens at most 7 times (35 wrong codes in all, against 4 different codes);
 * after that only an admin's refund resolves it (PRODUCT-DECISIONS, Real money).
 */
export const MAX_CODE_RENEWALS = 3;

export interface CodeResent {
  /** "07xx xxx 123". */
  readonly sentTo: string;
  /** Code entry was locked: a new code was made, and the rider may try again. */
  readonly renewed: boolean;
}

/**
 * 'Resend code' on the buyer page (PRODUCT-DECISIONS, Real money): the delivery code goes again
 * by SMS to the phone that paid, never anywhere else, so anyone with the order's link may ask
 * (the app rate-limits it). When wrong codes locked code entry, a new code replaces the old one
 * and entry opens again: the buyer's way out once the seller's unlocks are spent. At most
 * MAX_CODE_RENEWALS times per order: anyone with the link may ask, the seller included, so
 * without a cap each renewal would give a seller's own rider 5 more guesses (issue 16, unlock cap).
 */
export async function resendDeliveryCode(deps: EscrowDeps, args: { orderId: string; actor: Actor }, options: ChangeOptions<Result<CodeResent>> = {}): Promise<Result<CodeResent>> {
  return mutateOrder<CodeResent>(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'resend_code',
    decide: async ({ order, tx }) => {
      const to = order.payerPhone;
      if (!to) return err('VALIDATION_FAILED', { message: viewTexts.refusals.noPayerPhone });
      const renewed = order.codeLockedAt !== null;
      if (renewed) {
        // Counted from the order's own audit trail, read under the order's lock (as the unlocks are).
        const renewals = (await tx.events.listByOrder(order.id)).filter((event) => event.action === 'resend_code' && event.data?.['renewed'] === true).length;
        if (renewals >= MAX_CODE_RENEWALS) return err('CODE_RENEWAL_LIMIT_REACHED', { detail: `${renewals} new codes already` });
      }
      const code = renewed ? generateDeliveryCode(deps.random) : order.deliveryCode;
      return ok({
        changes: renewed ? { deliveryCode: code, codeAttempts: 0, codeLockedAt: null } : {},
        result: () => ({ sentTo: maskedPhone(to), renewed }),
        sms: (updated) => [
          {
            to,
            body: updated.paymentMethod === 'cash' ? textsFor(updated.buyerLocale).buyerSms.cashDeliveryCode({ trackingNumber: updated.trackingNumber, code }) : textsFor(updated.buyerLocale).buyerSms.deliveryCode({ trackingNumber: updated.trackingNumber, price: updated.price, code }),
            sensitive: true,
          },
        ],
        auditData: { renewed },
      });
    },
  }, options);
}
