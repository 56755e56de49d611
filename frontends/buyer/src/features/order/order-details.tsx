import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { BuyerOrder } from './buyer-api.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';

const PAYMENT_METHOD_LABELS = {
  mpesa_prepay: 'buyer.details.method.mpesa_prepay',
  mpesa_pod: 'buyer.details.method.mpesa_pod',
  cash: 'buyer.details.method.cash',
} as const satisfies Record<BuyerOrder['paymentMethod'], BuyerText>;

/** What was ordered, what it costs, who brings it and where. */
export function OrderDetails({ order }: { order: BuyerOrder }) {
  const t = useBuyerT();
  const { delivery } = order;
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t('buyer.details.title')}</h2>
      <dl className="details">
        <div>
          <dt>{t('buyer.details.tracking')}</dt>
          <dd>{order.trackingNumber}</dd>
        </div>
        <div>
          <dt>{t('buyer.details.price')}</dt>
          <dd>{formatKsh(order.price)}</dd>
        </div>
        {order.paymentMethod === 'cash' && order.buyerCashAmount !== null ? (
          <div>
            <dt>{t('buyer.details.cashToRider')}</dt>
            <dd>{formatKsh(order.buyerCashAmount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('buyer.details.deliveryFee')}</dt>
          <dd>
            {order.deliveryCost > 0
              ? t(order.deliveryPaidBy === 'buyer' ? 'buyer.details.feePaidByYou' : 'buyer.details.feePaidBySeller', { fee: formatKsh(order.deliveryCost) })
              : formatKsh(order.deliveryCost)}
          </dd>
        </div>
        <div>
          <dt>{t('buyer.details.payment')}</dt>
          <dd>{t(PAYMENT_METHOD_LABELS[order.paymentMethod])}</dd>
        </div>
        <div>
          <dt>{t('buyer.details.deliverTo')}</dt>
          <dd>
            {delivery.buyerName}
            <br />
            {[delivery.houseNumber, delivery.address, delivery.estate].filter(Boolean).join(', ')}
            {delivery.landmark ? (
              <>
                <br />
                {t('buyer.details.landmark', { landmark: delivery.landmark })}
              </>
            ) : null}
          </dd>
        </div>
        {order.rider ? (
          <div>
            <dt>{t('buyer.details.rider')}</dt>
            <dd>
              {order.rider.name ? `${order.rider.name}, ` : null}
              <a className="inline-tap" href={`tel:${order.rider.phone}`}>
                {order.rider.phone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {order.productPhotoUrl || order.pickupPhotoUrl ? (
        <div className="photos">
          {order.productPhotoUrl ? (
            <figure>
              <img src={order.productPhotoUrl} alt={t('buyer.details.itemPhotoAlt', { item: order.itemName })} loading="lazy" width="320" height="240" />
              <figcaption>{t('buyer.details.theItem')}</figcaption>
            </figure>
          ) : null}
          {order.pickupPhotoUrl ? (
            <figure>
              <img src={order.pickupPhotoUrl} alt={t('buyer.details.pickupPhotoAlt')} loading="lazy" width="320" height="240" />
              <figcaption>{t('buyer.details.proofOfPickup')}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
