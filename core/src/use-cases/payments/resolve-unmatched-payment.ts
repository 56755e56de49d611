import { err, ok, type Result } from '../../errors.js';
import type { Order } from '../../orders/order.js';
import { parseActor, type Actor } from '../../orders/actor.js';
import { normalizeAccountReference, type C2bPayment } from '../../payments/c2b-payment.js';
import type { ChangeOptions } from '../../ports/idempotency-store.js';
import { parseMpesaReceipt } from '../confirm-payment.js';
import type { EscrowDeps } from '../deps.js';
import { mutateOrder, RollbackError } from '../mutate-order.js';
import { verifiedPaymentDecision } from './verified-payment.js';
import { payerPhoneFrom } from '../../messages/buyer-sms.js';
import { claimMoneyOutReference } from '../claim-money-out-reference.js';

// An M-Pesa receipt (TransID), or the CheckoutRequestID of a prompt paid with its callback lost
// (settle-stk-request lists those under it): letters, digits, '_' and '-'.
const TRANS_ID = /^[A-Z0-9_-]{6,40}$/i;
/** Receipts are upper case; a CheckoutRequestID (`ws_CO_...`) is kept as Daraja wrote it. */
const unmatchedKey = (value: string): string => (/^[A-Za-z0-9]+$/.test(value.trim()) ? value.trim().toUpperCase() : value.trim());
const ALREADY_RESOLVED = 'No unmatched payment has this receipt (it may have been attached or refunded already)';

/**
 * An admin attaches a confirmed Paybill payment no order took (a mistyped account number) to
 * the order it was meant for: the order is verified (`admin:<id>`) and paid into escrow, the
 * payment becomes `attached`, and the order's audit trail names the admin. It must cover the price.
 */
export async function attachUnmatchedPayment(
  deps: EscrowDeps,
  args: { actor: Actor; transId: string } & ({ orderId: string } | { trackingNumber: string }),
  options: ChangeOptions<Result<Order>> = {},
): Promise<Result<Order>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  const transId = typeof args.transId === 'string' ? unmatchedKey(args.transId) : '';
  if (!TRANS_ID.test(transId)) return err('VALIDATION_FAILED', { message: 'Enter the M-Pesa receipt of the payment, e.g. NLJ7RT61SV' });
  const payment = await deps.store.read((tx) => tx.mpesa.getC2bPayment(transId));
  if (!payment || payment.status !== 'unmatched') return err('VALIDATION_FAILED', { message: ALREADY_RESOLVED });
  let orderId: string;
  if ('trackingNumber' in args) {
    const trackingNumber = typeof args.trackingNumber === 'string' ? normalizeAccountReference(args.trackingNumber) : '';
    const found = trackingNumber ? await deps.store.read((tx) => tx.orders.findByTrackingNumber(trackingNumber)) : undefined;
    if (!found) return err('VALIDATION_FAILED', { message: 'No order has this tracking number' });
    orderId = found.id;
  } else {
    orderId = args.orderId;
  }
  return mutateOrder(deps, {
    orderId,
    actor,
    action: 'verify_payment',
    decide: async ({ order, tx, now }) => {
      if (payment.amount < order.price) return err('VALIDATION_FAILED', { message: "The payment is less than the order's price; refund it instead" });
      if (!(await tx.mpesa.updateC2bPayment(transId, 'unmatched', { status: 'attached', orderId: order.id, resolvedBy: actor.userId, resolvedAt: now, note: `attached by an admin (account typed: ${payment.billRefNumber})` }))) {
        throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: 'the payment was resolved meanwhile' });
      }
      if (!(await tx.receipts.claim(transId, order.id, payment.amount, now))) throw new RollbackError({ code: 'MPESA_RECEIPT_ALREADY_USED' });
      return verifiedPaymentDecision(order, {
        verifiedBy: `admin:${actor.userId}`,
        receipt: transId,
        received: payment.amount,
        reference: transId,
        now,
        result: (updated) => updated,
        audit: { attachedPayment: transId, accountTyped: payment.billRefNumber },
        payer: { phone: payerPhoneFrom(payment.msisdn), token: null },
      });
    },
  }, options);
}

/**
 * An admin records that an unmatched Paybill payment was sent back to its payer by hand (the
 * M-Pesa reference of the reversal or refund); Daraja payouts come with issue 17. The reference
 * is recorded once across all money going out (decision 0050).
 */
export async function markUnmatchedPaymentRefunded(deps: EscrowDeps, args: { actor: Actor; transId: string; reference: string }, options: ChangeOptions<Result<C2bPayment>> = {}): Promise<Result<C2bPayment>> {
  const actor = parseActor(args.actor);
  if (actor?.kind !== 'admin') return err('FORBIDDEN');
  const transId = typeof args.transId === 'string' ? unmatchedKey(args.transId) : '';
  const reference = parseMpesaReceipt(args.reference);
  if (!reference) return err('VALIDATION_FAILED', { message: 'Enter the 10-character M-Pesa reference of the refund' });
  try {
    return await deps.store.transaction(async (tx) => {
      const now = deps.clock.now();
      if (!(await tx.mpesa.updateC2bPayment(transId, 'unmatched', { status: 'refunded', resolvedBy: actor.userId, resolvedAt: now, note: `refunded by hand, M-Pesa reference ${reference}` }))) {
        return err('VALIDATION_FAILED', { message: ALREADY_RESOLVED });
      }
      // One M-Pesa transaction is one refund or payout (decision 0050); a refusal undoes the update above.
      const refused = await claimMoneyOutReference(tx, { reference, kind: 'unmatched_refund', orderId: null, ownerId: transId, at: now });
      if (refused) throw new RollbackError(refused);
      const updated = await tx.mpesa.getC2bPayment(transId);
      return updated ? ok(updated) : err('VALIDATION_FAILED');
    }, options);
  } catch (error) {
    if (error instanceof RollbackError) return { ok: false, error: error.domainError };
    throw error;
  }
}
