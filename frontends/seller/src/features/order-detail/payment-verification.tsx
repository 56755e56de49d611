import type { SellerOrderView } from '../../shared/orders-api.ts';

type PaymentFields = Pick<SellerOrderView, 'paymentMethod' | 'paymentConfirmed' | 'paymentBeingVerified' | 'paymentClaimReceipt' | 'paymentVerifiedBy' | 'mpesaReceipt'>;

/**
 * The "Payment" line of the order's facts (PRODUCT-DECISIONS, Real money): money M-Pesa
 * confirmed, a typed receipt still being checked (a claim, never "held in escrow"), or an old
 * order paid on a typed receipt before payments were verified.
 */
export function paymentStateText(order: PaymentFields): string {
  if (order.paymentMethod === 'cash') return 'Collected by the rider';
  if (order.paymentBeingVerified) return 'Being verified: the buyer reports payment';
  if (!order.paymentConfirmed) return 'Not yet paid';
  if (order.paymentVerifiedBy === null) return 'Paid on a typed receipt (not verified with M-Pesa)';
  return order.mpesaReceipt ? `Verified by M-Pesa (code ${order.mpesaReceipt})` : 'Verified by M-Pesa';
}

/**
 * While the buyer's typed receipt is a claim M-Pesa has not confirmed: the seller must not act
 * on it. Shown near the top of the order, where the seller looks before handing anything over;
 * the page re-reads on the seller's live events, so it goes once M-Pesa confirms.
 */
export function PaymentClaimCard({ order }: { order: PaymentFields }) {
  if (!order.paymentBeingVerified) return null;
  const code = order.paymentClaimReceipt;
  return (
    <section className="seller-card seller-card--warning payment-claim" aria-labelledby="payment-claim-title">
      <h2 id="payment-claim-title" className="seller-card__title">
        Payment being verified
      </h2>
      <p>
        The buyer reports payment
        {code ? (
          <>
            {' '}
            (M-Pesa code <span className="mpesa-code">{code}</span>)
          </>
        ) : null}
        . We are checking it with M-Pesa; it is not held in escrow yet.
      </p>
      <p>
        <strong>Do not hand over the item before it is confirmed.</strong>
      </p>
    </section>
  );
}
