import { err, ok, type Result } from '../../errors.js';
import { canSee, notFoundFor } from '../../orders/access.js';
import { parseActor, type Actor } from '../../orders/actor.js';
import type { Order } from '../../orders/order.js';
import { planTransition } from '../../orders/transitions.js';
import { mayBindPayer, type SignedInCaller } from '../../payments/payer-binding.js';
import { stkAmountFor, type StkRequest } from '../../payments/stk-request.js';
import { normalizeKenyanPhone } from '../../validation/phone.js';
import { validationMessages } from '../../validation/messages.js';
import type { EscrowDeps } from '../deps.js';
import { publishQuietly } from '../mutate-order.js';
import { stkPaymentView, type StkPaymentView } from './stk-payment-view.js';

/** A prompt younger than this is still on the buyer's phone: a second tap shows it rather than prompting again. */
export const STK_PROMPT_REUSE_MS = 90_000;
/** A request Daraja never answered is asked about (or closed) after this long. */
const UNANSWERED_RETRY_MS = 120_000;

/**
 * The buyer taps "Pay with M-Pesa": the order's price (in whole shillings) is requested from
 * `phone` by STK Push. The request is written before Daraja is called, so a crash mid-call
 * leaves a row the reconciler closes; Daraja's answer is written after. No money moves here:
 * it moves when an STK Query says the prompt was paid (settleStkRequest).
 */
/**
 * What the buyer's tap answers: the prompt's state, and `payerToken` when this tap started a new
 * prompt: the app sets it as an HttpOnly cookie, so that browser is shown the delivery code if
 * the prompt pays the order (PRODUCT-DECISIONS, Real money). Never sent in a response body.
 */
export type StkPaymentStarted = StkPaymentView & { readonly payerToken: string | null };

export async function requestStkPayment(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; phone: unknown; signedIn?: SignedInCaller | null },
): Promise<Result<StkPaymentStarted>> {
  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN');
  // The payer asks; a seller prompting a buyer's phone from their own screen is refused.
  if (actor.kind !== 'buyer') return err('FORBIDDEN', { detail: 'only the buyer pays' });
  if (!deps.mpesa) return err('MPESA_NOT_CONFIGURED');
  const phone = typeof args.phone === 'string' ? normalizeKenyanPhone(args.phone) : null;
  if (!phone) return err('VALIDATION_FAILED', { message: validationMessages.phone.invalid });
  const msisdn = phone.slice(1);
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err(notFoundFor(actor));

  const now = deps.clock.now();
  const started = await deps.store.transaction(async (tx): Promise<Result<{ request: StkRequest; fresh: boolean; order: Order }>> => {
    const order = await tx.orders.getForUpdate(args.orderId);
    if (!order || !canSee(order, actor)) return err(notFoundFor(actor));
    if (order.paymentMethod === 'cash') return err('TRANSITION_NOT_ALLOWED', { detail: 'cash orders are not paid by M-Pesa' });
    if (order.paymentConfirmed) return err('PAYMENT_ALREADY_CONFIRMED');
    const allowed = planTransition(order, 'verify_payment');
    if (!allowed.ok) return allowed;
    const [latest] = await tx.mpesa.listStkRequestsForOrder(order.id);
    if (latest && (latest.status === 'sending' || latest.status === 'pending') && now.getTime() - latest.createdAt.getTime() < STK_PROMPT_REUSE_MS) {
      return ok({ request: latest, fresh: false, order });
    }
    const request: StkRequest = {
      id: deps.random.uuid(),
      orderId: order.id,
      msisdn,
      amount: stkAmountFor(order.price),
      status: 'sending',
      checkoutRequestId: null,
      merchantRequestId: null,
      resultCode: null,
      resultDesc: null,
      callbackResultCode: null,
      callbackReceipt: null,
      callbackAmount: null,
      callbackPhone: null,
      // A browser signed in as the order's seller or an admin is never the payer's (decision 0047): its prompt binds no browser.
      payerToken: mayBindPayer(order, args.signedIn) ? deps.random.token(24) : null,
      callbacks: 0,
      queries: 0,
      nextQueryAt: new Date(now.getTime() + UNANSWERED_RETRY_MS),
      createdAt: now,
      updatedAt: now,
      settledAt: null,
    };
    await tx.mpesa.insertStkRequest(request);
    return ok({ request, fresh: true, order });
  });
  if (!started.ok) return started;
  const { request, fresh, order } = started.value;
  if (!fresh) return ok({ ...stkPaymentView(request), payerToken: null });

  const pushed = await deps.mpesa.stkPush({ msisdn, amount: request.amount, accountReference: order.trackingNumber, description: 'Escrow order' });
  const at = deps.clock.now();
  const changes =
    pushed.status === 'accepted'
      ? { status: 'pending' as const, checkoutRequestId: pushed.checkoutRequestId, merchantRequestId: pushed.merchantRequestId, nextQueryAt: new Date(at.getTime() + 60_000), updatedAt: at }
      : pushed.status === 'refused'
        ? { status: 'failed' as const, resultDesc: /lock subscriber|already in process/i.test(pushed.reason) ? 'busy' : pushed.reason.slice(0, 200), nextQueryAt: null, settledAt: at, updatedAt: at }
        : // No answer: the prompt may be on the phone; without its CheckoutRequestID only a callback can tell us.
          { status: 'unknown' as const, resultDesc: pushed.reason.slice(0, 200), nextQueryAt: new Date(at.getTime() + UNANSWERED_RETRY_MS), updatedAt: at };
  await deps.store.transaction((tx) => tx.mpesa.updateStkRequest(request.id, ['sending'], changes));
  const updated = await deps.store.read((tx) => tx.mpesa.getStkRequest(request.id));
  await publishQuietly(deps, [{ type: 'order.changed', orderId: order.id, sellerId: order.sellerId, status: order.status, action: 'stk_push', at: at.toISOString() }]);
  return ok({ ...stkPaymentView(updated ?? { ...request, ...changes }), payerToken: request.payerToken });
}
