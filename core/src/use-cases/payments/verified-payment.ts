import { ok, type Result } from '../../errors.js';
import { claimPending } from '../../ledger/ledger-audit.js';
import { claimReleasedPosting, paymentInPosting } from '../../ledger/order-postings.js';
import type { Posting } from '../../ledger/posting.js';
import type { Cents } from '../../money/cents.js';
import type { Order } from '../../orders/order.js';
import type { Decision } from '../mutate-order.js';
import { textsFor } from '../../messages/recipient-texts.js';

export type VerifiedBy = 'stk_query' | 'c2b_confirmation' | 'transaction_status' | `admin:${string}`;

/**
 * The one way an order becomes paid (PRODUCT-DECISIONS, Real money): M-Pesa confirmed `received`
 * (STK Query, C2B confirmation, a Transaction Status Result about a claim) for it. The price enters escrow (`payment_in`), anything above it
 * waits in `mpesa_suspense`, and a claim the buyer made earlier is released in the same commit.
 */
export function verifiedPaymentDecision<V>(
  order: Order,
  payment: {
    verifiedBy: VerifiedBy;
    receipt: string | null;
    received: Cents;
    reference: string;
    now: Date;
    result: (updated: Order) => V;
    audit?: Readonly<Record<string, unknown>>;
    /**
     * Who paid (PRODUCT-DECISIONS, Real money: the code reaches only the payer): the phone M-Pesa
     * names (E.164; null when masked or unknown), sent the code by SMS, and the browser that
     * started the paid prompt or typed the verified receipt (its cookie token), shown the code.
     */
    payer?: { readonly phone: string | null; readonly token: string | null };
  },
): Result<Decision<V>> {
  const { now } = payment;
  const releasing = claimPending(order);
  const payerPhone = payment.payer?.phone ?? null;
  return ok({
    changes: {
      paymentConfirmed: true,
      paymentConfirmedAt: now,
      mpesaReceipt: payment.receipt,
      paymentVerifiedBy: payment.verifiedBy,
      paymentReceived: payment.received,
      payerPhone,
      payerToken: payment.payer?.token ?? null,
    },
    result: payment.result,
    sms: (updated) => (payerPhone ? [{ to: payerPhone, body: textsFor(updated.buyerLocale).buyerSms.deliveryCode({ trackingNumber: updated.trackingNumber, price: updated.price, code: updated.deliveryCode }), sensitive: true }] : []),
    postings: (updated, newId): Result<Posting>[] => [
      ...(releasing ? [claimReleasedPosting(order, { id: newId(), createdAt: now, reference: order.paymentClaimReceipt })] : []),
      paymentInPosting(updated, { id: newId(), createdAt: now, reference: payment.reference }),
    ],
    notifySeller: (updated) => (t) => ({
      ...t.sellerEmails.paymentConfirmed({ trackingNumber: updated.trackingNumber, itemName: updated.itemName }),
      sms: t.sellerSms.paymentConfirmed({ trackingNumber: updated.trackingNumber, price: updated.price }),
    }),
    auditData: { receipt: payment.receipt, verifiedBy: payment.verifiedBy, received: payment.received, ...(releasing ? { claimReleased: order.paymentClaimReceipt } : {}), ...payment.audit },
  });
}
