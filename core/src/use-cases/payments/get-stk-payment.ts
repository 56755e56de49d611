import { err, ok, type Result } from '../../errors.js';
import { canSee, notFoundFor } from '../../orders/access.js';
import { parseActor, type Actor } from '../../orders/actor.js';
import type { EscrowDeps } from '../deps.js';
import { stkPaymentView, type StkPaymentView } from './stk-payment-view.js';

/** The order's latest STK Push as the buyer page shows it (null when none was sent). */
export async function getStkPayment(deps: EscrowDeps, args: { orderId: string; actor: Actor }): Promise<Result<StkPaymentView | null>> {
  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err(notFoundFor(actor));
  return deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    if (!order || !canSee(order, actor)) return err(notFoundFor(actor));
    const [latest] = await tx.mpesa.listStkRequestsForOrder(order.id);
    return ok(latest ? stkPaymentView(latest) : null);
  });
}
