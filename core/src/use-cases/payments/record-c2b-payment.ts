import { err, ok, type Result } from '../../errors.js';
import type { Cents } from '../../money/cents.js';
import type { Order } from '../../orders/order.js';
import { normalizeAccountReference, type C2bPayment } from '../../payments/c2b-payment.js';
import type { EscrowTx } from '../../ports/escrow-store.js';
import type { EscrowDeps } from '../deps.js';
import { mutateOrder, RollbackError } from '../mutate-order.js';
import { verifiedPaymentDecision } from './verified-payment.js';
import { payerPhoneFrom } from '../../messages/buyer-sms.js';

/** A C2B confirmation as the Daraja adapter parsed it (amount in cents). */
export interface C2bConfirmation {
  readonly transId: string;
  readonly billRefNumber: string;
  readonly amount: Cents;
  readonly msisdn: string;
  readonly payerName: string;
  readonly businessShortCode: string;
  readonly transTime: string;
}

export type C2bOutcome =
  | { readonly outcome: 'paid_order'; readonly orderId: string }
  /** A Transaction Status query had verified an order with this payment already: stored as that order's, nothing moves again. */
  | { readonly outcome: 'already_verified'; readonly orderId: string }
  | { readonly outcome: 'unmatched'; readonly note: string }
  | { readonly outcome: 'duplicate' };

/** What a confirmation of money that already paid an order (verified by Transaction Status) is stored with. */
const VERIFIED_BEFORE = 'confirmed after a Transaction Status query had verified the order with it';

/** Why a payment cannot pay this order, or null when it can. */
export function c2bMismatch(order: Order | undefined, amount: Cents): string | null {
  if (!order) return 'no order has this account number';
  if (order.paymentMethod === 'cash') return 'the order is paid in cash';
  if (order.paymentConfirmed) return 'the order is already paid';
  if (order.status === 'cancelled') return 'the order is cancelled';
  if (amount < order.price) return `short payment: ${amount} cents of ${order.price}`;
  return null;
}

/**
 * Safaricom confirmed a Paybill payment (C2B confirmation): money that arrived. It is stored
 * once by TransID; when its account number names an order awaiting this much, the order is
 * verified and paid in the same transaction; otherwise it waits in the admin's "Unmatched
 * payments" list. A repeated confirmation changes nothing.
 */
export async function recordC2bPayment(deps: EscrowDeps, confirmation: C2bConfirmation): Promise<Result<C2bOutcome>> {
  const now = deps.clock.now();
  const reference = normalizeAccountReference(confirmation.billRefNumber);
  const payment = (status: C2bPayment['status'], orderId: string | null, note: string | null): C2bPayment => ({
    transId: confirmation.transId,
    billRefNumber: confirmation.billRefNumber.slice(0, 40),
    amount: confirmation.amount,
    msisdn: confirmation.msisdn.slice(0, 100),
    payerName: confirmation.payerName.slice(0, 100),
    businessShortCode: confirmation.businessShortCode.slice(0, 20),
    transTime: confirmation.transTime.slice(0, 20),
    receivedAt: now,
    status,
    orderId,
    note,
    resolvedBy: null,
    resolvedAt: null,
  });
  const unmatched = async (tx: EscrowTx, note: string): Promise<C2bOutcome> =>
    (await tx.mpesa.insertC2bPayment(payment('unmatched', null, note))) ? { outcome: 'unmatched', note } : { outcome: 'duplicate' };

  const known = async (tx: EscrowTx): Promise<C2bOutcome | undefined> => {
    const verified = await tx.mpesa.findVerifyingStatusQuery(confirmation.transId);
    if (!verified) return undefined;
    // The buyer's claim of this receipt was verified by Transaction Status before this
    // confirmation came: the same money, already in the order's escrow. Kept as the order's.
    return (await tx.mpesa.insertC2bPayment(payment('matched', verified.orderId, VERIFIED_BEFORE))) ? { outcome: 'already_verified', orderId: verified.orderId } : { outcome: 'duplicate' };
  };

  // Only the order is read first; a repeated confirmation or one a Transaction Status query
  // verified already is told apart inside the transaction that stores it (the insert by TransID
  // does nothing the second time), so the usual first confirmation costs no reads of its own.
  const target = await deps.store.read((tx) => tx.orders.findByTrackingNumber(reference));
  const mismatch = c2bMismatch(target, confirmation.amount);
  // A verified one is kept as its order's; any other goes to the admin's list (or is a repeat).
  const keepForAdmin = (note: string) => deps.store.transaction(async (tx) => (await known(tx)) ?? (await unmatched(tx, note)));
  if (!target || mismatch) return ok(await keepForAdmin(mismatch ?? 'no order'));

  let verifiedMeanwhile: C2bOutcome | undefined;
  const paid = await mutateOrder<C2bOutcome>(deps, {
    orderId: target.id,
    actor: { kind: 'system' },
    action: 'verify_payment',
    decide: async ({ order, tx }) => {
      // A Transaction Status query verified an order with this payment since the read above.
      verifiedMeanwhile = await known(tx);
      if (verifiedMeanwhile) return err('PAYMENT_ALREADY_CONFIRMED', { detail: 'verified meanwhile' });
      const late = c2bMismatch(order, confirmation.amount);
      // The order changed since it was read (paid by a prompt a moment ago): the money waits for an admin.
      if (late) return err('PAYMENT_ALREADY_CONFIRMED', { detail: (await unmatched(tx, late)).outcome });
      if (!(await tx.mpesa.insertC2bPayment(payment('matched', order.id, null)))) return err('PAYMENT_ALREADY_CONFIRMED', { detail: 'duplicate' });
      if (!(await tx.receipts.claim(confirmation.transId, order.id, confirmation.amount, now))) throw new RollbackError({ code: 'MPESA_RECEIPT_ALREADY_USED' });
      return verifiedPaymentDecision(order, {
        verifiedBy: 'c2b_confirmation',
        receipt: confirmation.transId,
        received: confirmation.amount,
        reference: confirmation.transId,
        now,
        result: () => ({ outcome: 'paid_order' as const, orderId: order.id }),
        // The code goes by SMS to the paying phone when the MSISDN is a plain number (often it is masked or hashed).
        payer: { phone: payerPhoneFrom(confirmation.msisdn), token: null },
      });
    },
  });
  if (paid.ok) return paid;
  if (paid.error.detail === 'duplicate') return ok({ outcome: 'duplicate' });
  if (verifiedMeanwhile) return ok(verifiedMeanwhile);
  if (paid.error.detail === 'unmatched') return ok({ outcome: 'unmatched', note: 'order changed' });
  // Anything else (a racing change, a receipt some order already claimed): kept for an admin
  // rather than lost, unless a Transaction Status query verified an order with it meanwhile.
  return ok(await keepForAdmin(`not matched: ${paid.error.code}`));
}
