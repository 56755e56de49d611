import { OrderProgress } from '@escrow/ui/order/order-progress';
import type { PublicTrackingView } from '../../shared/orders-api.ts';
import { DeliveryCodeCard } from './delivery-code-card.tsx';
import { useSellerT } from '../../i18n/use-seller-t.ts';

/**
 * What everyone but the order's seller sees (PRODUCT-DECISIONS, Access): the item, its status
 * and progress, and the delivery code only if this browser already holds it. Never the buyer's
 * details, the money or the rider.
 */
export function PublicOrderView({ view }: { view: PublicTrackingView }) {
  const t = useSellerT();
  return (
    <section className="seller-page" aria-labelledby="order-title">
      <p className="section-note">{t('seller.order.tracking')}</p>
      <h1 id="order-title">{view.itemName}</h1>
      <p className="order-status-line" role="status">
        {/* The view's statusLabel is the buyer's wording in English: the same label by id, in the page's language. */}
        {t(`status.buyer.${view.status}`)}
      </p>
      <div className="seller-card progress-card">
        <OrderProgress status={view.status} />
      </div>
      <DeliveryCodeCard view={view} />
      <p className="section-note order-tracking-note">{t('seller.order.trackingNote')}</p>
    </section>
  );
}
