import type { SellerOrderView } from '../../shared/orders-api.ts';
import { Text } from '@escrow/ui/i18n/react';
import { sellerText, useSellerT, type SellerText } from '../../i18n/use-seller-t.ts';

type PaymentFields = Pick<SellerOrderView, 'paymentMethod' | 'paymentConfirmed' | 'paymentBeingVerified' | 'paymentClaimReceipt' | 'paymentVerifiedBy' | 'mpesaReceipt'>;

/**
 * The "Payment" line of the order's facts (PRODUCT-DECISIONS, Real money): money M-Pesa
 * confirmed, a typed receipt still being checked (a claim, never "held in escrow"), or an old
 * order paid on a typed receipt before payments were verified.
 */
export function paymentStateText(order: PaymentFields): string {
  const t = sellerText;
  if (order.paymentMethod === 'cash') return t('seller.payment.cash');
  if (order.paymentBeingVerified) return t('seller.payment.beingVerified');
  if (!order.paymentConfirmed) return t('seller.payment.notPaid');
  if (order.paymentVerifiedBy === null) return t('seller.payment.typedReceipt');
  return order.mpesaReceipt ? t('seller.payment.verifiedCode', { code: order.mpesaReceipt }) : t('seller.payment.verified');
}

/**
 * While the buyer's typed receipt is a claim M-Pesa has not confirmed: the seller must not act
 * on it. Shown near the top of the order, where the seller looks before handing anything over;
 * the page re-reads on the seller's live events, so it goes once M-Pesa confirms.
 */
export function PaymentClaimCard({ order }: { order: PaymentFields }) {
  const t = useSellerT();
  if (!order.paymentBeingVerified) return null;
  const code = order.paymentClaimReceipt;
  return (
    <section className="seller-card seller-card--warning payment-claim" aria-labelledby="payment-claim-title">
      <h2 id="payment-claim-title" className="seller-card__title">
        {t('seller.claim.title')}
      </h2>
      <p>
        {code ? <Text<SellerText> id="seller.claim.bodyWithCode" values={{ code }} components={{ 0: <span className="mpesa-code" /> }} /> : t('seller.claim.body')}
      </p>
      <p>
        <strong>{t('seller.claim.warning')}</strong>
      </p>
    </section>
  );
}
