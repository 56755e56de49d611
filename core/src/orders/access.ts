import { err, ok, type ErrorCode, type Result } from '../errors.js';
import { constantTimeEqual } from '../codes/constant-time.js';
import type { Actor, ActorKind } from './actor.js';
import type { Order } from './order.js';
import { actorMayAttempt, ORDER_ACTIONS, planTransition, type OrderAction, type OrderFacts } from './transitions.js';

/** The "not found" each kind of caller gets, so a denial never reveals that an order exists. */
export function notFoundFor(actor: Actor): ErrorCode {
  switch (actor.kind) {
    case 'buyer':
      return 'BUYER_ORDER_NOT_FOUND';
    case 'rider':
      return 'RIDER_ORDER_NOT_FOUND';
    default:
      return 'ORDER_NOT_FOUND';
  }
}

/** May this caller see the order at all (PRODUCT-DECISIONS, Access)? */
export function canSee(order: Order, actor: Actor): boolean {
  switch (actor.kind) {
    case 'admin':
    case 'system':
      return true;
    case 'seller':
      return order.sellerId === actor.sellerId;
    case 'buyer':
      return 'deliveryCode' in actor ? constantTimeEqual(order.deliveryCode, actor.deliveryCode) : order.buyerViewKey !== '' && constantTimeEqual(order.buyerViewKey, actor.viewKey);
    case 'rider':
      return (
        order.riderPhone !== null &&
        order.riderKey !== null &&
        order.riderPhone === actor.phone &&
        actor.key !== undefined &&
        constantTimeEqual(order.riderKey, actor.key)
      );
  }
}

/**
 * Does this caller hold the delivery code (PRODUCT-DECISIONS, Real money: the code reaches only
 * the payer)? The buyer who typed it or whose link carried it, or the payer's browser. The view
 * key of the shared link alone does not.
 */
export function holdsDeliveryCode(order: Order, actor: Actor): boolean {
  if (actor.kind !== 'buyer' || !canSee(order, actor)) return false;
  if ('deliveryCode' in actor) return true;
  return actor.payerToken !== undefined && order.payerToken !== null && constantTimeEqual(order.payerToken, actor.payerToken);
}

/** What only the buyer holding the code may do: the view key shows the order and takes the payment, no more. */
export const CODE_HOLDER_ACTIONS: ReadonlySet<OrderAction> = new Set(['request_refund', 'submit_feedback']);

/**
 * A rider known by phone alone (browsing and taking jobs) must have proved the phone with a
 * code sent to it by SMS (PRODUCT-DECISIONS, Real money: riders prove their phone): anyone
 * can know a listed rider's number. The rider link's key is a proof of its own (it reached
 * the rider's phone), so the job view and its steps need no more.
 */
export function riderPhoneProven(actor: Actor): boolean {
  return actor.kind === 'rider' && actor.phoneProven === true;
}

/**
 * Who may do what to which order. `take_job` is checked against the seller's rider list by
 * its use case, since the rider is not on the order yet; it needs a proven phone.
 */
export function authorize(order: Order, actor: Actor, action: OrderAction): Result<void> {
  if (action === 'take_job' && actor.kind === 'rider' && !riderPhoneProven(actor)) return err('RIDER_PHONE_NOT_VERIFIED');
  const visible = action === 'take_job' ? actor.kind === 'rider' : canSee(order, actor);
  if (!visible) return err(notFoundFor(actor));
  if (!actorMayAttempt(action, actor.kind)) {
    return actor.kind === 'buyer' || actor.kind === 'rider'
      ? err(notFoundFor(actor))
      : err('FORBIDDEN', { detail: `${actor.kind} may not ${action}` });
  }
  if (actor.kind === 'buyer' && CODE_HOLDER_ACTIONS.has(action) && !holdsDeliveryCode(order, actor)) return err('DELIVERY_CODE_NEEDED');
  return ok(undefined);
}

/**
 * The actions a caller of this kind may take on the order now, in the table's order: those the
 * kind may attempt whose status and guards the transition table accepts (`planTransition`), and
 * for a buyer without the code, none of the code holder's. Views carry them so that screens
 * show a button exactly when the server would take it (decision 0062); it is display only:
 * every request is authorised and planned again, with what the table cannot see (who owns the
 * order, an open refund request, feedback given, the unlock limit) checked by its use case.
 */
export function actionsFor(order: OrderFacts, actor: ActorKind, options: { readonly holdsCode?: boolean } = {}): readonly OrderAction[] {
  return ORDER_ACTIONS.filter(
    (action) =>
      actorMayAttempt(action, actor) &&
      !(actor === 'buyer' && options.holdsCode !== true && CODE_HOLDER_ACTIONS.has(action)) &&
      planTransition(order, action).ok,
  );
}
