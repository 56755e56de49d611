import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { AppLink } from '@escrow/ui/components/app-link';
import type { SellerOrderSummary } from '../../shared/orders-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { OrderStatusBadge } from '../../shared/order-status-badge.tsx';
import { useSellerT } from '../../i18n/use-seller-t.ts';

/** The 10 most recent orders (spec section 9), each a link to its order page. */
export function RecentOrders({ orders, navigate }: { orders: readonly SellerOrderSummary[]; navigate: SellerPageProps['navigate'] }) {
  const t = useSellerT();
  return (
    <section className="dashboard-section" aria-labelledby="recent-orders-title" data-tour="orders">
      <h2 id="recent-orders-title" className="dashboard-section__title">
        {t('seller.recent.title')}
      </h2>
      {orders.length === 0 ? (
        <div className="empty-card">
          <p>{t('seller.recent.empty')}</p>
          <AppLink to="/seller/create-order" navigate={navigate} className="button">
            {t('seller.recent.createFirst')}
          </AppLink>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.id}>
              <AppLink to={`/order/${order.id}`} navigate={navigate} className="order-row">
                <span className="order-row__main">
                  <span className="order-row__item">{order.itemName}</span>
                  <span className="order-row__meta">
                    {order.trackingNumber} · {order.buyerName} · {formatNairobiDateTime(order.createdAt)}
                  </span>
                </span>
                <span className="order-row__side">
                  <span className="order-row__price">{formatKsh(order.price)}</span>
                  <OrderStatusBadge status={order.status} />
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
