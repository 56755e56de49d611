import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { BuyerOrder } from './buyer-api.ts';

const PAYMENT_METHOD_LABELS: Record<BuyerOrder['paymentMethod'], string> = {
  mpesa_prepay: 'M-Pesa, paid before delivery',
  mpesa_pod: 'M-Pesa, paid on delivery',
  cash: 'Cash on delivery',
};

/** What was ordered, what it costs, who brings it and where. */
export function OrderDetails({ order }: { order: BuyerOrder }) {
  const { delivery } = order;
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">Order details</h2>
      <dl className="details">
        <div>
          <dt>Tracking number</dt>
          <dd>{order.trackingNumber}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatKsh(order.price)}</dd>
        </div>
        {order.paymentMethod === 'cash' && order.buyerCashAmount !== null ? (
          <div>
            <dt>Cash to pay the rider</dt>
            <dd>{formatKsh(order.buyerCashAmount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery fee</dt>
          <dd>
            {formatKsh(order.deliveryCost)}
            {order.deliveryCost > 0 ? (order.deliveryPaidBy === 'buyer' ? ', paid by you to the rider' : ', paid by the seller') : null}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        </div>
        <div>
          <dt>Deliver to</dt>
          <dd>
            {delivery.buyerName}
            <br />
            {[delivery.houseNumber, delivery.address, delivery.estate].filter(Boolean).join(', ')}
            {delivery.landmark ? (
              <>
                <br />
                Landmark: {delivery.landmark}
              </>
            ) : null}
          </dd>
        </div>
        {order.rider ? (
          <div>
            <dt>Rider</dt>
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
              <img src={order.productPhotoUrl} alt={`Photo of ${order.itemName}`} loading="lazy" width="320" height="240" />
              <figcaption>The item</figcaption>
            </figure>
          ) : null}
          {order.pickupPhotoUrl ? (
            <figure>
              <img src={order.pickupPhotoUrl} alt="Photo the rider took at pickup" loading="lazy" width="320" height="240" />
              <figcaption>Proof of pickup</figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
