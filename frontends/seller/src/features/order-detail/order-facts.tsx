import type { ReactNode } from 'react';
import { LOCALE_NAMES } from '@escrow/core/i18n';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import type { SellerOrderView } from '../../shared/orders-api.ts';
import { paymentStateText } from './payment-verification.tsx';
import { useSellerT } from '../../i18n/use-seller-t.ts';

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
  const t = useSellerT();
  const timeline = [
    [t('seller.facts.created'), order.createdAt],
    [t('seller.facts.paymentConfirmed'), order.paymentConfirmedAt],
    [t('seller.facts.riderAssigned'), order.riderAssignedAt],
    [t('seller.facts.pickedUp'), order.pickedUpAt],
    [t('seller.facts.delivered'), order.deliveredAt],
    [t('seller.facts.settled'), order.settledAt],
    [t('seller.facts.cancelled'), order.cancelledAt],
  ] as const;
  return (
    <>
      <section className="seller-card" aria-labelledby="buyer-title">
        <h2 id="buyer-title" className="seller-card__title">
          {t('seller.facts.buyerAndDelivery')}
        </h2>
        <dl className="money-list">
          <Fact label={t('seller.facts.buyer')}>{order.buyerName}</Fact>
          <Fact label={t('seller.facts.phone')}>
            <a href={`tel:${order.buyerPhone}`}>{order.buyerPhone}</a>
          </Fact>
          <Fact label={t('seller.facts.address')}>{order.buyerAddress}</Fact>
          {/* Each language named in itself, as on the order form and the language switch. */}
          <Fact label={t('seller.create.buyerLanguage')}>{LOCALE_NAMES[order.buyerLocale]}</Fact>
          {order.estate ? <Fact label={t('seller.facts.estate')}>{order.estate}</Fact> : null}
          {order.landmark ? <Fact label={t('seller.facts.landmark')}>{order.landmark}</Fact> : null}
          {order.houseNumber ? <Fact label={t('seller.facts.houseNumber')}>{order.houseNumber}</Fact> : null}
          {order.pinLocationLink ? (
            <Fact label={t('seller.facts.pin')}>
              <a href={order.pinLocationLink} target="_blank" rel="noopener noreferrer">
                {t('seller.facts.openMap')}
              </a>
            </Fact>
          ) : null}
          <Fact label={t('seller.facts.pickup')}>{order.pickupLocation ?? order.seller?.location ?? t('seller.facts.yourLocation')}</Fact>
        </dl>
      </section>
      <section className="seller-card" aria-labelledby="money-title">
        <h2 id="money-title" className="seller-card__title">
          {t('seller.facts.payment')}
        </h2>
        <dl className="money-list">
          <Fact label={t('seller.facts.paymentMethod')}>{t(`seller.method.${order.paymentMethod}`)}</Fact>
          <Fact label={t('seller.facts.payment')}>{paymentStateText(order)}</Fact>
          <Fact label={t('seller.price')}>{formatKsh(order.price)}</Fact>
          <Fact label={t('seller.facts.serviceFee', { percent: order.feeBasisPoints / 100 })}>{formatKsh(order.serviceFee)}</Fact>
          <Fact label={order.deliveryPaidBy === 'buyer' ? t('seller.facts.deliveryByBuyer') : t('seller.facts.deliveryByYou')}>{formatKsh(order.deliveryCost)}</Fact>
          {order.buyerCashAmount !== null ? <Fact label={t('seller.facts.cash')}>{formatKsh(order.buyerCashAmount)}</Fact> : null}
          <div className="money-row money-row--strong">
            <dt>{t('seller.youReceive')}</dt>
            <dd>{formatKsh(order.sellerPayout)}</dd>
          </div>
          <Fact label={t('seller.facts.riderReceives')}>{formatKsh(order.riderPayout)}</Fact>
          <Fact label={t('seller.facts.settlement')}>{order.settlementPaid ? t('seller.facts.paidToYou') : t('seller.facts.notYet')}</Fact>
        </dl>
      </section>
      <section className="seller-card" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="seller-card__title">
          {t('seller.facts.timeline')}
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
  const t = useSellerT();
  const photos = [
    [t('seller.productPhoto'), order.productPhotoUrl],
    [t('seller.packagedPhoto'), order.packagedPhotoUrl],
    [t('seller.facts.pickupPhoto'), order.pickupPhotoUrl],
  ] as const;
  const present = photos.filter(([, url]) => url !== null);
  if (present.length === 0) return null;
  return (
    <section className="seller-card" aria-labelledby="photos-title">
      <h2 id="photos-title" className="seller-card__title">
        {t('seller.facts.photos')}
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
