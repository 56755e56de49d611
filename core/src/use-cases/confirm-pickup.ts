import { buyerTextsPhone } from '../messages/buyer-sms.js';
import { textsFor } from '../messages/recipient-texts.js';
import { err, ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { text } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

/** The rider proves pickup with a photo (already stored); the order goes on route. */
export async function confirmPickup(deps: EscrowDeps, args: { orderId: string; actor: Actor; pickupPhotoUrl: string }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  const url = text(args.pickupPhotoUrl);
  if (!url) return err('PICKUP_PHOTO_REQUIRED');
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'confirm_pickup',
    decide: async ({ now }) =>
      ok({
        changes: { pickupPhotoUrl: url, pickedUpAt: now },
        auditData: { pickupPhotoUrl: url },
        // Out for delivery: the buyer gets ready (the phone that paid, else the buyer's phone: no secret in it).
        sms: (updated) => {
          const to = buyerTextsPhone(updated);
          return to ? [{ to, body: textsFor(updated.buyerLocale).buyerSms.outForDelivery({ trackingNumber: updated.trackingNumber }) }] : [];
        },
      }),
  }, options);
}
