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
import { sellerPaymentReportedSms } from '../messages/seller-sms.js';
import { actorForAudit } from '../ports/records.js';

/** An M-Pesa confirmation code: 10 letters and digits, e.g. NLJ7RT61SV. */
export function parseMpesaReceipt(input: unknown): string | null {
  const receipt = typeof input === 'string' ? input.trim().toUpperCase() : '';
  return /^[A-Z0-9]{10}$/.test(receipt) ? receipt : null;
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
  const answer = (result: Result<Order>) => deps.store.transaction(async () => result, options);
  if ((paybill?.orderId === order.id || prompted || order.mpesaReceipt === receipt) && order.paymentConfirmed) {
    // The receipt of the verified payment, which only the payer's M-Pesa SMS shows: the browser
    // that typed it is the payer's (it shares the payer token, so a browser bound before keeps it).
    if (actor.kind !== 'buyer' || 'deliveryCode' in actor || order.payerToken !== null) return answer(ok(order));
    return deps.store.transaction(async (tx) => {
      const now = deps.clock.now();
      const payerToken = deps.random.token(24);
      if (!(await tx.orders.update(order.id, order.version, { payerToken, updatedAt: now }))) return ok(order);
      await tx.events.append({ id: deps.random.uuid(), orderId: order.id, action: 'bind_payer', actor: actorForAudit(actor), fromStatus: order.status, toStatus: order.status, data: { by: 'typed_receipt' }, at: now });
      return ok({ ...order, payerToken, updatedAt: now, version: order.version + 1 });
    }, options);
  }
  if (order.paymentConfirmed) return answer(err('PAYMENT_ALREADY_CONFIRMED'));

  const attachable = paybill?.status === 'unmatched' && normalizeAccountReference(paybill.billRefNumber) === order.trackingNumber && paybill.amount >= order.price;
  if (paybill && attachable) {
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
          result: (updated) => updated,
          audit: { typedByBuyer: true },
          // The browser that typed the receipt is the payer's; the code goes by SMS to the paying phone when M-Pesa named it.
          payer: { phone: payerPhoneFrom(paybill.msisdn), token: actor.kind === 'buyer' && 'viewKey' in actor ? deps.random.token(24) : null },
        });
      },
    }, options);
  }

  const claimed = await mutateOrder(deps, {
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
        postings: (updated, newId) => (first ? [paymentClaimedPosting(updated, { id: newId(), createdAt: now, reference: receipt })] : []),
        notifySeller: (updated) =>
          first
            ? {
                subject: 'Payment reported',
                body: `The buyer reports paying for order ${updated.trackingNumber} (${updated.itemName}), M-Pesa code ${receipt}. We are checking it with M-Pesa: it is not held in escrow yet. You will be told when M-Pesa confirms it; do not hand over the item before then.`,
                sms: sellerPaymentReportedSms({ trackingNumber: updated.trackingNumber, receipt }),
              }
            : null,
        auditData: { receipt, claim: true, paybillKnown: paybill !== undefined },
      });
    },
  }, options);
  if (claimed.ok || claimed.error.detail !== PAID_MEANWHILE) return claimed;
  const paid = await deps.store.read((tx) => tx.orders.get(order.id));
  return paid ? answer(ok(paid)) : claimed;
}

const PAID_MEANWHILE = 'paid meanwhile by this receipt';
