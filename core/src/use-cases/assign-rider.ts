import type { Locale } from '../i18n/locale.js';
import { buyerTextsPhone } from '../messages/buyer-sms.js';
import { textsFor } from '../messages/recipient-texts.js';
import type { EscrowTx } from '../ports/escrow-store.js';
import { err, ok, type Result } from '../errors.js';
import type { Actor } from '../orders/actor.js';
import { riderLinkPath, type Order } from '../orders/order.js';
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
        sms: assignmentTextsIn(deps, order, await riderLocales(tx, order, phone)),
      });
    },
  }, options);
}

/**
 * The texts of a rider put on an order (issue 16), by the seller or by taking the job:
 * - the buyer learns who will come (the phone that paid, else the buyer's phone the seller typed:
 *   no secret in it; buyerTextsPhone);
 * - the rider gets the job's link, which holds the rider's key, so the text is sensitive (the
 *   same rider assigned again gets the new link: the key changes on every assignment);
 * - a rider taken off the order is told that their link stopped working.
 */
export function assignmentTexts(deps: Pick<EscrowDeps, 'linkBase'>, before: Order, updated: Order, locales: RiderLocales = { rider: 'en', previousRider: 'en' }): { to: string; body: string; sensitive?: boolean }[] {
  const texts: { to: string; body: string; sensitive?: boolean }[] = [];
  const buyerPhone = buyerTextsPhone(updated);
  if (buyerPhone && updated.riderName && updated.riderPhone) {
    const body = textsFor(updated.buyerLocale).buyerSms.riderAssigned({ trackingNumber: updated.trackingNumber, riderName: updated.riderName, riderPhone: updated.riderPhone });
    texts.push({ to: buyerPhone, body });
  }
  const path = riderLinkPath(updated);
  if (deps.linkBase && path && updated.riderPhone) {
    texts.push({ to: updated.riderPhone, body: textsFor(locales.rider).riderSms.job({ trackingNumber: updated.trackingNumber, link: `${deps.linkBase}${path}` }), sensitive: true });
  }
  if (before.riderPhone && before.riderPhone !== updated.riderPhone) texts.push({ to: before.riderPhone, body: textsFor(locales.previousRider).riderSms.replaced({ trackingNumber: updated.trackingNumber }) });
  return texts;
}

/** `assignmentTexts` for the `sms` of a decision, with the riders' languages read beforehand. */
export function assignmentTextsIn(deps: Pick<EscrowDeps, 'linkBase'>, before: Order, locales: RiderLocales): (updated: Order) => { to: string; body: string; sensitive?: boolean }[] {
  return (updated) => assignmentTexts(deps, before, updated, locales);
}

/** The languages of the rider put on an order and of the one taken off it (decision 0066). */
export interface RiderLocales {
  readonly rider: Locale;
  readonly previousRider: Locale;
}

/** A rider's language, as the rider set it on their page (kept per phone); English for none. */
export async function riderLocaleOf(tx: EscrowTx, phone: string | null): Promise<Locale> {
  return phone ? tx.riders.localeOf(phone) : 'en';
}

async function riderLocales(tx: EscrowTx, before: Order, phone: string): Promise<RiderLocales> {
  const rider = await riderLocaleOf(tx, phone);
  const previousRider = before.riderPhone && before.riderPhone !== phone ? await riderLocaleOf(tx, before.riderPhone) : 'en';
  return { rider, previousRider };
}
