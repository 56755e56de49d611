import { err, ok, type Result } from '../errors.js';
import { canSee, holdsDeliveryCode, notFoundFor } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { mayBindPayer, type SignedInCaller } from '../payments/payer-binding.js';
import type { EscrowTx } from '../ports/escrow-store.js';
import { actorForAudit } from '../ports/records.js';
import type { EscrowDeps } from './deps.js';

/**
 * Makes a browser the payer's, inside the caller's transaction: a new payer token on the order
 * (only while it is at `order.version`), audited as `bind_payer` with how the browser proved it.
 * Answers the order as bound, or undefined when it changed meanwhile (nothing written).
 */
export async function writePayerToken(deps: Pick<EscrowDeps, 'clock' | 'random'>, tx: EscrowTx, order: Order, actor: Actor, by: 'typed_receipt' | 'delivery_code'): Promise<Order | undefined> {
  const now = deps.clock.now();
  const payerToken = deps.random.token(24);
  if (!(await tx.orders.update(order.id, order.version, { payerToken, updatedAt: now }))) return undefined;
  await tx.events.append({ id: deps.random.uuid(), orderId: order.id, action: 'bind_payer', actor: actorForAudit(actor), fromStatus: order.status, toStatus: order.status, data: { by }, at: now });
  return { ...order, payerToken, updatedAt: now, version: order.version + 1 };
}

/**
 * The payer's own browser, proved by the delivery code from the payment SMS (decision 0047): where
 * M-Pesa named the paying phone, the code went there, and typing it on the buyer page makes that
 * browser the payer's (the page then shows the code, the refund request and the rating without
 * the code in its address). The code is the secret that releases the money, so its holder is the
 * payer: a browser bound before shares the order's token. Wrong codes are guesses like any other
 * on the buyer API, charged to the same budgets. Answers the token for the browser's cookie (null
 * for a browser signed in as the order's seller or an admin, which is never bound).
 */
export async function bindPayerBrowser(deps: EscrowDeps, args: { orderId: string; actor: Actor; signedIn: SignedInCaller | null }): Promise<Result<{ readonly payerToken: string | null }>> {
  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err(notFoundFor(actor));
  if (actor.kind !== 'buyer' || !('deliveryCode' in actor)) return err('DELIVERY_CODE_NEEDED');
  return deps.store.transaction(async (tx) => {
    const order = await tx.orders.getForUpdate(args.orderId);
    if (!order || !canSee(order, actor) || !holdsDeliveryCode(order, actor)) return err(notFoundFor(actor));
    if (!order.paymentConfirmed) return err('PAYMENT_NOT_CONFIRMED');
    if (!mayBindPayer(order, args.signedIn)) return ok({ payerToken: null });
    if (order.payerToken !== null) return ok({ payerToken: order.payerToken });
    const bound = await writePayerToken(deps, tx, order, actor, 'delivery_code');
    return bound ? ok({ payerToken: bound.payerToken }) : err('CONCURRENT_UPDATE');
  });
}
