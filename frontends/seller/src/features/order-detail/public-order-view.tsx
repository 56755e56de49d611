import { OrderProgress } from '@escrow/ui/order/order-progress';
import type { PublicTrackingView } from '../../shared/orders-api.ts';
import { DeliveryCodeCard } from './delivery-code-card.tsx';

/**
 * What everyone but the order's seller sees (PRODUCT-DECISIONS, Access): the item, its status
 * and progress, and the delivery code only if this browser already holds it. Never the buyer's
 * details, the money or the rider.
 */
export function PublicOrderView({ view }: { view: PublicTrackingView }) {
  return (
    <section className="seller-page" aria-labelledby="order-title">
      <p className="section-note">Order tracking</p>
      <h1 id="order-title">{view.itemName}</h1>
      <p className="order-status-line" role="status">
        {view.statusLabel}
      </p>
      <div className="seller-card progress-card">
        <OrderProgress status={view.status} />
      </div>
      <DeliveryCodeCard view={view} />
      <p className="section-note order-tracking-note">This page updates by itself as the order moves. Sellers: sign in to manage this order.</p>
    </section>
  );
}
