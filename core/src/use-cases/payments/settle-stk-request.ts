import { err, ok, type Result } from '../../errors.js';
import type { Cents } from '../../money/cents.js';
import type { Order } from '../../orders/order.js';
import { payerPhoneFrom } from '../../messages/buyer-sms.js';
import type { C2bPayment } from '../../payments/c2b-payment.js';
import { nextStkQueryDelayMs, STK_GIVE_UP_AFTER_MS, type StkRequest } from '../../payments/stk-request.js';
import type { EscrowDeps } from '../deps.js';
import { mutateOrder, publishQuietly, RollbackError } from '../mutate-order.js';
import { verifiedPaymentDecision } from './verified-payment.js';

export type StkSettlement =
  | { readonly outcome: 'paid' }
  | { readonly outcome: 'failed'; readonly resultCode: number | null }
  | { readonly outcome: 'waiting' }
  /** Paid at M-Pesa, but the order could not take it (already paid, cancelled, short): an admin refunds it. */
  | { readonly outcome: 'needs_attention'; readonly reason: string }
  | { readonly outcome: 'already_final' };

const UNANSWERED_GIVE_UP_MS = 10 * 60_000;

/**
 * Asks Daraja (STK Query) how an STK Push ended and acts on the answer: the only place an STK
 * payment becomes money (PRODUCT-DECISIONS, Real money: callbacks are hints). Paid: the order
 * is verified and the price enters escrow, in one transaction conditional on the request still
 * being open, so a callback, its duplicate and the reconciler racing settle it once.
 */
export async function settleStkRequest(deps: EscrowDeps, requestId: string): Promise<Result<StkSettlement>> {
  const request = await deps.store.read((tx) => tx.mpesa.getStkRequest(requestId));
  if (!request) return err('ORDER_NOT_FOUND', { detail: `no STK request ${requestId}` });
  if (request.status === 'paid' || request.status === 'failed') return ok({ outcome: 'already_final' });
  const now = deps.clock.now();
  if (!request.checkoutRequestId) {
    // Daraja never answered the push (or we crashed before writing its answer): nothing to ask about.
    if (now.getTime() - request.createdAt.getTime() < UNANSWERED_GIVE_UP_MS) {
      await reschedule(deps, request, now, 5 * 60_000);
      return ok({ outcome: 'waiting' });
    }
    await close(deps, request, { status: 'failed', resultDesc: 'M-Pesa never answered the request', now });
    return ok({ outcome: 'failed', resultCode: null });
  }
  if (!deps.mpesa) return ok({ outcome: 'waiting' });
  const answer = await deps.mpesa.stkQuery(request.checkoutRequestId);
  if (answer.status !== 'final') {
    if (now.getTime() - request.createdAt.getTime() > STK_GIVE_UP_AFTER_MS) {
      await close(deps, request, { status: 'failed', resultDesc: 'no final answer from M-Pesa within a day', now });
      return ok({ outcome: 'failed', resultCode: null });
    }
    await reschedule(deps, request, now, nextStkQueryDelayMs(request.queries + 1));
    return ok({ outcome: 'waiting' });
  }
  if (answer.resultCode !== 0) {
    const closed = await close(deps, request, { status: 'failed', resultCode: answer.resultCode, resultDesc: answer.resultDesc, now });
    return ok(closed ? { outcome: 'failed', resultCode: answer.resultCode } : { outcome: 'already_final' });
  }
  return payOrder(deps, request, answer.resultDesc);
}

async function payOrder(deps: EscrowDeps, request: StkRequest, resultDesc: string): Promise<Result<StkSettlement>> {
  // What arrived: the callback's Amount when one came, else what was asked (an STK Push is for a fixed amount).
  const received = (request.callbackAmount ?? request.amount) as Cents;
  const receipt = request.callbackReceipt;
  const paid = await mutateOrder<StkSettlement>(deps, {
    orderId: request.orderId,
    actor: { kind: 'system' },
    action: 'verify_payment',
    decide: async ({ order, tx, now }) => {
      if (!(await tx.mpesa.updateStkRequest(request.id, ['sending', 'pending', 'unknown'], { status: 'paid', resultCode: 0, resultDesc, queries: request.queries + 1, nextQueryAt: null, settledAt: now, updatedAt: now }))) {
        return err('CONCURRENT_UPDATE', { detail: 'settled already' });
      }
      if (received < order.price) throw new RollbackError({ code: 'PAYMENT_NOT_VERIFIED', detail: `short: ${received} < ${order.price}` });
      if (receipt && !(await tx.receipts.claim(receipt, order.id, received, now))) throw new RollbackError({ code: 'MPESA_RECEIPT_ALREADY_USED' });
      return verifiedPaymentDecision(order, {
        verifiedBy: 'stk_query',
        receipt,
        received,
        reference: receipt ?? request.checkoutRequestId ?? request.id,
        now,
        result: () => ({ outcome: 'paid' as const }),
        audit: { checkoutRequestId: request.checkoutRequestId },
        // The phone that entered the PIN (the prompted one), and the browser that asked for the prompt.
        payer: { phone: payerPhoneFrom(request.msisdn), token: request.payerToken },
      });
    },
  });
  if (paid.ok) return paid;
  if (paid.error.code === 'CONCURRENT_UPDATE' && paid.error.detail === 'settled already') return ok({ outcome: 'already_final' });
  // M-Pesa took the money but the order cannot take it (already paid by another prompt or the
  // Paybill, cancelled, short, receipt reused): the request is closed as paid for an admin to refund.
  const reason = `${paid.error.code}${paid.error.detail ? `: ${paid.error.detail}` : ''}`;
  if (paid.error.code === 'CONCURRENT_UPDATE') return ok({ outcome: 'waiting' });
  const now = deps.clock.now();
  // The money is listed with the Paybill payments no order took, for an admin to refund or attach
  // elsewhere; keyed by its receipt (or, with the callback lost, the CheckoutRequestID). A receipt
  // already used elsewhere is money already counted: not listed twice.
  const order = await deps.store.read((tx) => tx.orders.get(request.orderId));
  const key = receipt ?? request.checkoutRequestId;
  const stray: C2bPayment | null =
    paid.error.code === 'MPESA_RECEIPT_ALREADY_USED' || !key
      ? null
      : {
          transId: key,
          billRefNumber: order?.trackingNumber ?? '',
          amount: received,
          msisdn: (request.callbackPhone ?? request.msisdn).slice(0, 100),
          payerName: '',
          businessShortCode: '',
          transTime: '',
          receivedAt: now,
          status: 'unmatched',
          orderId: null,
          note: strayNote(order, received, paid.error.code),
          resolvedBy: null,
          resolvedAt: null,
        };
  const closed = await close(deps, request, { status: 'paid', resultCode: 0, resultDesc: `needs attention: ${reason}`.slice(0, 200), now, stray });
  return ok(closed ? { outcome: 'needs_attention', reason } : { outcome: 'already_final' });
}

/** Why a prompt's payment went to the unmatched list, in the admin's words. */
function strayNote(order: Order | undefined, received: Cents, code: string): string {
  const which = order ? `order ${order.trackingNumber}` : 'an order that no longer exists';
  if (order && received < order.price) return `Paid by M-Pesa prompt for ${which}, but less than its price`;
  if (order?.status === 'cancelled') return `Paid by M-Pesa prompt for ${which}, which was cancelled`;
  if (order?.paymentConfirmed) return `Paid by M-Pesa prompt for ${which}, which was already paid`;
  return `Paid by M-Pesa prompt for ${which}, which could not take it (${code})`;
}

async function reschedule(deps: EscrowDeps, request: StkRequest, now: Date, delayMs: number): Promise<void> {
  await deps.store.transaction((tx) =>
    tx.mpesa.updateStkRequest(request.id, [request.status], { queries: request.queries + 1, nextQueryAt: new Date(now.getTime() + delayMs), updatedAt: now }),
  );
}

async function close(deps: EscrowDeps, request: StkRequest, end: { status: 'paid' | 'failed'; resultCode?: number; resultDesc: string; now: Date; stray?: C2bPayment | null }): Promise<boolean> {
  const closed = await deps.store.transaction(async (tx) => {
    const updated = await tx.mpesa.updateStkRequest(request.id, ['sending', 'pending', 'unknown'], {
      status: end.status,
      resultCode: end.resultCode ?? null,
      resultDesc: end.resultDesc,
      queries: request.queries + 1,
      nextQueryAt: null,
      settledAt: end.now,
      updatedAt: end.now,
    });
    // In the same transaction: a crash cannot close the request and lose the money's listing.
    if (updated && end.stray) await tx.mpesa.insertC2bPayment(end.stray);
    return updated;
  });
  if (closed) {
    const order = await deps.store.read((tx) => tx.orders.get(request.orderId));
    if (order) await publishQuietly(deps, [{ type: 'order.changed', orderId: order.id, sellerId: order.sellerId, status: order.status, action: 'stk_result', at: end.now.toISOString() }]);
  }
  return closed;
}
