import { err, ok, type Result } from '../errors.js';
import { paymentInPosting } from '../ledger/order-postings.js';
import { canSee, notFoundFor } from '../orders/access.js';
import { parseActor, type Actor } from '../orders/actor.js';
import type { Order } from '../orders/order.js';
import type { ChangeOptions } from '../ports/idempotency-store.js';
import type { EscrowDeps } from './deps.js';
import { mutateOrder, RollbackError } from './mutate-order.js';

/** An M-Pesa confirmation code: 10 letters and digits, e.g. NLJ7RT61SV. */
export function parseMpesaReceipt(input: unknown): string | null {
  const receipt = typeof input === 'string' ? input.trim().toUpperCase() : '';
  return /^[A-Z0-9]{10}$/.test(receipt) ? receipt : null;
}

/**
 * The buyer (order id + delivery code) says they paid the Paybill: the receipt is checked with
 * the payment gateway where it can be, claimed for this order only, and the price enters escrow.
 */
export async function confirmPayment(
  deps: EscrowDeps,
  args: { orderId: string; actor: Actor; mpesaReceipt: string; termsAccepted: boolean }, options: ChangeOptions<Result<Order>> = {}): Promise<Result<Order>> {
  if (args.termsAccepted !== true) return err('TERMS_NOT_ACCEPTED');
  const receipt = parseMpesaReceipt(args.mpesaReceipt);
  if (!receipt) return err('VALIDATION_FAILED', { message: 'Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV' });

  const actor = parseActor(args.actor);
  if (!actor) return err('FORBIDDEN');
  if (typeof args.orderId !== 'string') return err(notFoundFor(actor));
  // The provider is asked before the transaction, so no row lock is held across a network call.
  const before = await deps.store.read((tx) => tx.orders.get(args.orderId));
  if (!before || !canSee(before, actor)) return err(notFoundFor(actor));
  const verification = await deps.payments.verify({ receipt, accountReference: before.trackingNumber, amount: before.price });
  if (verification.status === 'mismatch' || verification.status === 'not_found' || verification.status === 'unavailable') {
    return err('PAYMENT_NOT_VERIFIED', { detail: verification.status });
  }

  return mutateOrder(deps, {
    orderId: args.orderId,
    actor: args.actor,
    action: 'confirm_payment',
    decide: async ({ order, tx, now }) => {
      if (order.price !== before.price || order.trackingNumber !== before.trackingNumber) {
        throw new RollbackError({ code: 'CONCURRENT_UPDATE', detail: 'order changed during verification' });
      }
      if (!(await tx.receipts.claim(receipt, order.id, order.price, now))) return err('MPESA_RECEIPT_ALREADY_USED');
      return ok({
        changes: { paymentConfirmed: true, paymentConfirmedAt: now, mpesaReceipt: receipt, termsAcceptedAt: now },
        postings: (updated, newId) => [paymentInPosting(updated, { id: newId(), createdAt: now, reference: receipt })],
        notifySeller: (updated) => ({ subject: 'Payment confirmed', body: `Payment for order ${updated.trackingNumber} (${updated.itemName}) is held in escrow. Assign a rider to proceed.` }),
        auditData: { receipt, verification: verification.status },
      });
    },
  }, options);
}
