import { err, ok, type Result } from '../errors.js';
import { paymentClaimedPosting } from '../ledger/order-postings.js';
import { canSee, notFoundFor } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import { normalizeAccountReference } from '../payments/c2b-payment.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder, RollbackError } from './mutate-order.js';
import { verifiedPaymentDecision } from './payments/verified-payment.js';
import { payerPhoneFrom } from '../messages/buyer-sms.js';
import { mayBindPayer, type SignedInCaller } from '../payments/payer-binding.js';
import { writePayerToken } from './bind-payer-browser.js';
import { isMpesaReceipt } from '../rules/mpesa-receipt.js';

/** An M-Pesa confirmation code: 10 letters and digits, e.g. NLJ7RT61SV. */
export function parseMpesaReceipt(input: unknown): string | null {
  const receipt = typeof input === 'string' ? input.trim().toUpperCase() : '';
  return isMpesaReceipt(receipt) ? receipt : null;
}

/**
 * The buyer (order id + delivery code) types the receipt of a Paybill payment. A receipt is
 * money only when M-Pesa told us of it (PRODUCT-DECISIONS, Real money):
 * - a payment M-Pesa confirmed for this order (C2B confirmation, paid prompt): the order is
 *   paid already, and this answers so;
 * - a confirmed Paybill payment no order took whose account number is this order's and amount
 *   covers the price: it pays the order now (only its payer's SMS shows the receipt);
 * - anything else is a claim: the order stays awaiting payment "being verified", the price is
 *   held in `mpesa_unverified` (never escrow), and the seller is told the buyer reports payment.
 *   The C2B confirmation, when it comes, pays the order and releases the claim.
 * The answer is the order: `paymentConfirmed` says whether it is paid.
 */
export async function confirmPayment(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; mpesaReceipt: string; termsAccepted: boolean },
  options: ChangeOptions<Result<Order>> = {},
): Promise<Result<Order>> {
  return confirmTypedReceipt(deps, args, (order) => order, options);
}

/** What the buyer page's typed receipt answers: the order, and the payer token when this request bound its browser. */
export interface TypedReceiptAnswer {
  readonly order: Order;
  /**
   * Set only when this request made its browser the payer's (the app sets it as the HttpOnly
   * payer cookie and shows the code): the receipt of a verified payment whose phone M-Pesa did not
   * name (so no SMS carries the code), typed from a browser not signed in as the order's seller or
   * an admin, while no browser is bound yet. The first
   * browser to prove payment keeps it: a browser bound at the prompt, or by an earlier typed
   * receipt, is never handed over to another that types the same receipt (the receipt may have
   * been forwarded to the seller as proof of payment).
   */
  readonly payerToken: string | null;
}

/** confirmPayment from the buyer page: the same rules, answering whether this browser was bound as the payer's. */
export async function confirmPaymentOnBuyerPage(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; mpesaReceipt: string; termsAccepted: boolean; signedIn: SignedInCaller | null },
  options: ChangeOptions<Result<TypedReceiptAnswer>> = {},
): Promise<Result<TypedReceiptAnswer>> {
  return confirmTypedReceipt(deps, args, (order, payerToken) => ({ order, payerToken }), options);
}

async function confirmTypedReceipt<R>(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; mpesaReceipt: string; termsAccepted: boolean; signedIn?: SignedInCaller | null },
  shape: (order: Order, boundPayerToken: string | null) => R,
  options: ChangeOptions<Result<R>>,
): Promise<Result<R>> {
  if (args.termsAccepted !== true) return err('TERMS_NOT_ACCEPTED');
  const receipt = parseMpesaReceipt(args.mpesaReceipt);
  if (!receipt) return err('VALIDATION_FAILED', { message: 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV' });
  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN');
  if (typeof args.orderId !== 'string' || args.orderId.length === 0 || args.orderId.length > 100) return err(notFoundFor(actor));

  const known = await deps.store.read(async (tx) => {
    const order = await tx.orders.get(args.orderId);
    if (!order || !canSee(order, actor)) return undefined;
    // The receipt the order was verified with (a C2B confirmation or a prompt's callback stores
    // it on the order): nothing else to look up. Receipts are claimed once, by one order.
    if (order.paymentConfirmed && order.mpesaReceipt === receipt) return { order, paybill: undefined, prompted: false };
    const paybill = await tx.mpesa.getC2bPayment(receipt);
    const prompted = (await tx.mpesa.listStkRequestsForOrder(order.id)).some((r) => r.status === 'paid' && r.callbackReceipt === receipt);
    return { order, paybill, prompted };
  });
  if (!known) return err(notFoundFor(actor));
  const { order, paybill, prompted } = known;
  if (paybill?.orderId && paybill.orderId !== order.id) return err('MPESA_RECEIPT_ALREADY_USED');
  // A keyed request that changes nothing still keeps its answer (the key alone is written), so
  // a retry after a crash answers the same even when the order has moved on since.
  const answer = (result: Result<R>) => deps.store.transaction(async () => result, options);
  // Only a browser with the link's view key, signed in as neither the order's seller nor an admin, becomes the payer's.
  const bindable = actor.kind === 'buyer' && 'viewKey' in actor && mayBindPayer(order, args.signedIn);
  if ((paybill?.orderId === order.id || prompted || order.mpesaReceipt === receipt) && order.paymentConfirmed) {
    // The receipt of the verified payment, which only the payer's M-Pesa SMS shows (the seller's
    // screens show its last three characters), proves the payer where M-Pesa named no phone to
    // text the code to (a masked or hashed C2B MSISDN): the first browser to type it becomes the
    // payer's, unless one is bound already (at the prompt, or by an earlier typed receipt), which
    // keeps it. Where M-Pesa named the phone, the code is on it: a typed receipt (perhaps one the
    // buyer forwarded to the seller as proof of payment) binds nothing.
    if (!bindable || order.payerToken !== null || order.payerPhone !== null) return answer(ok(shape(order, null)));
    return deps.store.transaction(async (tx) => {
      const bound = await writePayerToken(deps, tx, order, actor, 'typed_receipt');
      return ok(bound ? shape(bound, bound.payerToken) : shape(order, null));
    }, options);
  }
  if (order.paymentConfirmed) return answer(err('PAYMENT_ALREADY_CONFIRMED'));

  const attachable = paybill?.status === 'unmatched' && normalizeAccountReference(paybill.billRefNumber) === order.trackingNumber && paybill.amount >= order.price;
  if (paybill && attachable) {
    // The code goes by SMS to the paying phone when M-Pesa named it; where it did not, the browser that typed the receipt is the payer's.
    const payerPhone = payerPhoneFrom(paybill.msisdn);
    const payerToken = bindable && payerPhone === null ? deps.random.token(24) : null;
    return mutateOrder(deps, {
      orderId: order.id,
      actor: { kind: 'system' },
      action: 'verify_payment',
      decide: async ({ order: current, tx, now }) => {
        const taken = await tx.mpesa.updateC2bPayment(paybill.transId, 'unmatched', { status: 'matched', orderId: current.id, note: 'matched when the buyer typed its receipt', resolvedAt: now });
        if (!taken) throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: 'payment matched meanwhile' });
        if (!(await tx.receipts.claim(paybill.transId, current.id, paybill.amount, now))) throw new RollbackError({ code: 'MPESA_RECEIPT_ALREADY_USED' });
        return verifiedPaymentDecision(current, {
          verifiedBy: 'c2b_confirmation',
          receipt: paybill.transId,
          received: paybill.amount,
          reference: paybill.transId,
          now,
          result: (updated) => shape(updated, payerToken),
          audit: { typedByBuyer: true },
          payer: { phone: payerPhone, token: payerToken },
        });
      },
    }, options);
  }

  const claimed = await mutateOrder<R>(deps, {
    orderId: order.id,
    actor: args.actor,
    action: 'claim_payment',
    decide: async ({ order: current, now }) => {
      if (current.paymentConfirmed) {
        // Paid between the read above and this lock. By this receipt: answered below, outside
        // this transaction (nothing of it is kept); by another: refused, and that is the answer.
        if (current.mpesaReceipt === receipt) throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: PAID_MEANWHILE });
        return err('PAYMENT_ALREADY_CONFIRMED');
      }
      const first = current.paymentClaimedAt === null;
      return ok({
        changes: { paymentClaimReceipt: receipt, termsAcceptedAt: current.termsAcceptedAt ?? now, ...(first ? { paymentClaimedAt: now } : {}) },
        result: (updated) => shape(updated, null),
        postings: (updated, newId) => (first ? [paymentClaimedPosting(updated, { id: newId(), createdAt: now, reference: receipt })] : []),
        notifySeller: (updated) =>
          first
            ? (t) => ({
                ...t.sellerEmails.paymentReported({ trackingNumber: updated.trackingNumber, itemName: updated.itemName, receipt }),
                sms: t.sellerSms.paymentReported({ trackingNumber: updated.trackingNumber, receipt }),
              })
            : null,
        auditData: { receipt, claim: true, paybillKnown: paybill !== undefined },
      });
    },
  }, options);
  if (claimed.ok || claimed.error.detail !== PAID_MEANWHILE) return claimed;
  const paid = await deps.store.read((tx) => tx.orders.get(order.id));
  return paid ? answer(ok(shape(paid, null))) : claimed;
}

const PAID_MEANWHILE = 'paid meanwhile by this receipt';
