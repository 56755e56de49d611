import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { AdminOrderDetail } from '../../shared/admin-types.ts';

/**
 * No payout or refund may move money M-Pesa never confirmed (PRODUCT-DECISIONS, Real money):
 * the server refuses them with PAYMENT_UNVERIFIED; the core's own rule (decision 0062).
 */
export { paymentUnverified } from '@escrow/core/rules';

type PaymentFields = Pick<
  AdminOrderDetail,
  'paymentMethod' | 'price' | 'paymentConfirmed' | 'mpesaReceipt' | 'paymentVerifiedBy' | 'paymentReceived' | 'paymentBeingVerified' | 'paymentClaimReceipt' | 'paymentClaimCheck'
>;

/** Who or what verified a payment with M-Pesa (core's VerifiedBy), in the admin's words. */
export function verifiedByLabel(verifiedBy: string | null): string {
  if (verifiedBy === null) return 'Not verified';
  if (verifiedBy === 'stk_query') return 'M-Pesa prompt, confirmed by STK Query';
  if (verifiedBy === 'c2b_confirmation') return 'Paybill, confirmed by M-Pesa';
  if (verifiedBy === 'transaction_status') return 'Receipt the buyer typed, confirmed by a Transaction Status query';
  if (verifiedBy.startsWith('admin:')) return 'Attached by an admin';
  return verifiedBy;
}

function paymentState(order: PaymentFields): string {
  if (order.paymentBeingVerified) return 'Being verified: the buyer typed a receipt M-Pesa has not confirmed';
  if (!order.paymentConfirmed) return 'Not paid';
  if (order.paymentVerifiedBy === null) return 'Paid on a typed receipt, never verified with M-Pesa';
  return 'Verified with M-Pesa';
}

/**
 * The payment's lines of a detail list (<dl className="detail-list">): its state, its receipt
 * (and a different one the buyer typed, with what M-Pesa's Transaction Status said of it), who
 * or what verified it, and the amount received when it is not the price.
 */
export function PaymentVerificationRows({ order }: { order: PaymentFields }) {
  if (order.paymentMethod === 'cash') {
    return (
      <div>
        <dt>Payment</dt>
        <dd>Cash on delivery (no M-Pesa payment)</dd>
      </div>
    );
  }
  const typed = order.paymentClaimReceipt !== null && order.paymentClaimReceipt !== order.mpesaReceipt ? order.paymentClaimReceipt : null;
  const received = order.paymentReceived !== null && order.paymentReceived !== order.price ? order.paymentReceived : null;
  return (
    <>
      <div>
        <dt>Payment</dt>
        <dd>{paymentState(order)}</dd>
      </div>
      <div>
        <dt>M-Pesa receipt</dt>
        <dd>{order.mpesaReceipt ? <span className="receipt-code">{order.mpesaReceipt}</span> : <span className="muted">None yet</span>}</dd>
      </div>
      {typed ? (
        <div>
          <dt>Receipt the buyer typed</dt>
          <dd>
            <span className="receipt-code">{typed}</span>
            {order.paymentBeingVerified ? <span className="muted"> (not confirmed by M-Pesa)</span> : null}
          </dd>
        </div>
      ) : null}
      {order.paymentBeingVerified && order.paymentClaimCheck ? (
        <div>
          <dt>M-Pesa check</dt>
          <dd>{order.paymentClaimCheck}</dd>
        </div>
      ) : null}
      <div>
        <dt>Verified by</dt>
        <dd>{verifiedByLabel(order.paymentVerifiedBy)}</dd>
      </div>
      {received !== null ? (
        <div>
          <dt>Amount received</dt>
          <dd>
            {formatKsh(received)} <span className="muted">(the price is {formatKsh(order.price)})</span>
          </dd>
        </div>
      ) : null}
    </>
  );
}
