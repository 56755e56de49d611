import { BEFORE_DELIVERY_STATUSES, isWellFormedDeliveryCode } from '@escrow/core/rules';
import { readStoredDeliveryCode } from '@escrow/ui/order/delivery-code-key';
import type { PublicTrackingView } from '../../shared/orders-api.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

/**
 * The delivery-code card (spec section 2): for a visitor who is not the seller and already
 * holds the code (kept in this browser from the buyer link; never read from the server), once
 * payment is confirmed and until delivery.
 */
export function DeliveryCodeCard({ view }: { view: PublicTrackingView }) {
  const t = useSellerT();
  const code = readStoredDeliveryCode(view.id);
  // The link may have held the order's view key rather than the code: only a code is shown.
  if (!isWellFormedDeliveryCode(code) || !view.paymentConfirmed || !BEFORE_DELIVERY_STATUSES.includes(view.status)) return null;
  return (
    <section className="seller-card seller-card--code" aria-labelledby="delivery-code-title">
      <h2 id="delivery-code-title" className="seller-card__title">
        {t('seller.code.title')}
      </h2>
      <p className="seller-delivery-code">
        {code}
      </p>
      <p className="section-note">
        {t('seller.code.body')}
      </p>
    </section>
  );
}
