import { riderAssignedSms } from '../messages/buyer-sms.js';
import { err, ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { validationMessages } from '../validation/messages.js';
import { normalizeKenyanPhone } from '../validation/phone.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { text, unstorableText } from './input-text.js';
import { mutateOrder } from './mutate-order.js';

export type RiderChoice = { readonly riderId: string } | { readonly name: string; readonly phone: string };

/** 128 bits: the rider link's secret, new on every assignment so an old link stops working. */
export const RIDER_KEY_BYTES = 16;

/** The seller puts a rider (from their list, or a new name + phone) on the order. */
export async function assignRider(deps: EscrowDeps, args: { orderId: string; actor: Actor; rider: RiderChoice }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'assign_rider',
    decide: async ({ order, tx, now }) => {
      let name: string;
      let phone: string | null;
      const choice: Record<string, unknown> = typeof args.rider === 'object' && args.rider !== null ? { ...args.rider } : {};
      if (typeof choice['riderId'] === 'string' && choice['riderId']) {
        const rider = await tx.riders.get(choice['riderId']);
        if (!rider || rider.sellerId !== order.sellerId) return err('RIDER_NOT_FOUND');
        name = rider.name;
        phone = rider.phone;
      } else {
        const refused = unstorableText([[choice['name'], validationMessages.rider.nameInvalid]]);
        if (refused) return refused;
        name = text(choice['name']);
        phone = normalizeKenyanPhone(text(choice['phone']));
        if (!name) return err('VALIDATION_FAILED', { message: 'Please select or add a rider' });
        if (!phone) return err('INVALID_PHONE');
      }
      return ok({
        changes: {
          riderName: name,
          riderPhone: phone,
          riderKey: deps.random.token(RIDER_KEY_BYTES),
          riderAssignedAt: now,
          riderAcceptedAt: null,
          pickupPhotoUrl: null,
          pickedUpAt: null,
        },
        auditData: { riderPhone: phone, previousRiderPhone: order.riderPhone },
        // The payer learns who will come (the phone that paid; none known: nothing sent).
        sms: (updated) => (updated.payerPhone && updated.riderName && updated.riderPhone ? [{ to: updated.payerPhone, body: riderAssignedSms({ trackingNumber: updated.trackingNumber, riderName: updated.riderName, riderPhone: updated.riderPhone }) }] : []),
      });
    },
  }, options);
}
