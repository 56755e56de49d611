import type { ReactNode } from 'react';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import type { SellerOrderView } from '../../shared/orders-api.ts';
import { paymentStateText } from './payment-verification.tsx';

const PAYMENT_METHOD_LABELS: Record<SellerOrderView['paymentMethod'], string> = {
  mpesa_prepay: 'M-Pesa, paid before delivery',
  mpesa_pod: 'M-Pesa on delivery',
  cash: 'Cash on delivery',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="money-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The buyer, the delivery place and the money of an order, as its seller sees them. */
export function OrderFacts({ order }: { order: SellerOrderView }) {
  const timeline = [
    ['Created', order.createdAt],
    ['Payment confirmed', order.paymentConfirmedAt],
    ['Rider assigned', order.riderAssignedAt],
    ['Picked up', order.pickedUpAt],
    ['Delivered', order.deliveredAt],
    ['Settled', order.settledAt],
    ['Cancelled', order.cancelledAt],
  ] as const;
  return (
    <>
      <section className="seller-card" aria-labelledby="buyer-title">
        <h2 id="buyer-title" className="seller-card__title">
          Buyer and delivery
        </h2>
        <dl className="money-list">
          <Fact label="Buyer">{order.buyerName}</Fact>
          <Fact label="Phone">
            <a href={`tel:${order.buyerPhone}`}>{order.buyerPhone}</a>
          </Fact>
          <Fact label="Address">{order.buyerAddress}</Fact>
          {order.estate ? <Fact label="Estate">{order.estate}</Fact> : null}
          {order.landmark ? <Fact label="Landmark">{order.landmark}</Fact> : null}
          {order.houseNumber ? <Fact label="House number">{order.houseNumber}</Fact> : null}
          {order.pinLocationLink ? (
            <Fact label="Pin location">
              <a href={order.pinLocationLink} target="_blank" rel="noopener noreferrer">
                Open map
              </a>
            </Fact>
          ) : null}
          <Fact label="Pickup">{order.pickupLocation ?? order.seller?.location ?? 'Your location'}</Fact>
        </dl>
      </section>
      <section className="seller-card" aria-labelledby="money-title">
        <h2 id="money-title" className="seller-card__title">
          Payment
        </h2>
        <dl className="money-list">
          <Fact label="Payment method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Fact>
          <Fact label="Payment">{paymentStateText(order)}</Fact>
          <Fact label="Price">{formatKsh(order.price)}</Fact>
          <Fact label={`Service fee (${order.feeBasisPoints / 100}%)`}>{formatKsh(order.serviceFee)}</Fact>
          <Fact label={`Delivery (paid by ${order.deliveryPaidBy === 'buyer' ? 'the buyer' : 'you'})`}>{formatKsh(order.deliveryCost)}</Fact>
          {order.buyerCashAmount !== null ? <Fact label="Cash the rider collects">{formatKsh(order.buyerCashAmount)}</Fact> : null}
          <div className="money-row money-row--strong">
            <dt>You receive</dt>
            <dd>{formatKsh(order.sellerPayout)}</dd>
          </div>
          <Fact label="Rider receives">{formatKsh(order.riderPayout)}</Fact>
          <Fact label="Settlement">{order.settlementPaid ? 'Paid to you' : 'Not yet'}</Fact>
        </dl>
      </section>
      <section className="seller-card" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="seller-card__title">
          Timeline
        </h2>
        <dl className="money-list">
          {timeline.map(([label, at]) => (at ? <Fact key={label} label={label}>{formatNairobiDateTime(at)}</Fact> : null))}
        </dl>
      </section>
    </>
  );
}

/** The product, packaged and pickup photos that exist. */
export function OrderPhotos({ order }: { order: SellerOrderView }) {
  const photos = [
    ['Product photo', order.productPhotoUrl],
    ['Packaged photo', order.packagedPhotoUrl],
    ['Pickup photo (taken by the rider)', order.pickupPhotoUrl],
  ] as const;
  const present = photos.filter(([, url]) => url !== null);
  if (present.length === 0) return null;
  return (
    <section className="seller-card" aria-labelledby="photos-title">
      <h2 id="photos-title" className="seller-card__title">
        Photos
      </h2>
      <div className="photo-grid">
        {present.map(([label, url]) => (
          <figure key={label} className="photo-grid__item">
            <a href={url ?? undefined} target="_blank" rel="noopener noreferrer">
              <img src={url ?? undefined} alt={label} loading="lazy" width={160} height={160} />
            </a>
            <figcaption>{label}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
