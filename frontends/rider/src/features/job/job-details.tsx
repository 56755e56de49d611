import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { RiderJob } from '../../shared/rider-api.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';
import { tripEstimate } from '../../shared/trip-estimate.ts';

function Estimate({ job }: { job: RiderJob }) {
  const t = useRiderT();
  const estimate = tripEstimate(t, job.estimatedDistanceKm, job.estimatedTimeMinutes);
  if (estimate === '') return null;
  return (
    <div>
      <dt>{t('rider.estimate.title')}</dt>
      <dd>{estimate}</dd>
    </div>
  );
}

const Row = ({ label, value }: { label: string; value: string | null }) =>
  value ? (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;

export function PickupDetails({ job }: { job: RiderJob }) {
  const t = useRiderT();
  const { pickup } = job;
  return (
    <section className="card" aria-labelledby="pickup-title">
      <h2 id="pickup-title">{t('rider.pickupDetails.title')}</h2>
      <dl className="details">
        <Row label={t('rider.pickupDetails.seller')} value={pickup.sellerBusinessName} />
        <Row label={t('rider.pickupDetails.location')} value={pickup.location} />
        {pickup.sellerLocation && pickup.sellerLocation !== pickup.location ? <Row label={t('rider.pickupDetails.sellerLocation')} value={pickup.sellerLocation} /> : null}
        {pickup.sellerPhone ? (
          <div>
            <dt>{t('rider.pickupDetails.sellerPhone')}</dt>
            <dd>
              <a className="inline-tap" href={`tel:${pickup.sellerPhone}`}>
                {pickup.sellerPhone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * Where the job goes. Before the rider accepts, the server sends the area and the landmark only
 * (decision 0046): the buyer's name, phone and address come with accepting.
 */
export function DeliveryDetails({ job }: { job: RiderJob }) {
  const t = useRiderT();
  const { delivery } = job;
  const fee = formatKsh(job.riderPayout);
  return (
    <section className="card" aria-labelledby="delivery-title">
      <h2 id="delivery-title">{t('rider.delivery.title')}</h2>
      {delivery.buyerDetailsHidden ? <p className="note">{t('rider.delivery.hidden')}</p> : null}
      <dl className="details">
        <Row label={t('rider.delivery.buyer')} value={delivery.buyerName} />
        {delivery.buyerPhone ? (
          <div>
            <dt>{t('rider.delivery.buyerPhone')}</dt>
            <dd>
              <a className="inline-tap" href={`tel:${delivery.buyerPhone}`}>
                {delivery.buyerPhone}
              </a>
            </dd>
          </div>
        ) : null}
        <Row label={t('rider.delivery.address')} value={delivery.address} />
        <Row label={t('rider.delivery.landmark')} value={delivery.landmark} />
        <Row label={t('rider.delivery.estate')} value={delivery.estate} />
        <Row label={t('rider.delivery.houseNumber')} value={delivery.houseNumber} />
        <Estimate job={job} />
        <div>
          <dt>{t('rider.delivery.yourFee')}</dt>
          <dd>{job.deliveryPaidBy === 'buyer' ? t('rider.fee.fromBuyer', { fee }) : t('rider.delivery.feePaidAfter', { fee })}</dd>
        </div>
      </dl>
      {delivery.pinLocationLink ? (
        <a className="button button--secondary button--block" href={delivery.pinLocationLink} target="_blank" rel="noopener noreferrer">
          {t('rider.delivery.openPin')}
        </a>
      ) : null}
    </section>
  );
}

export function JobPhotos({ job }: { job: RiderJob }) {
  const t = useRiderT();
  const item = job.itemName;
  const photos = [
    job.productPhotoUrl ? { src: job.productPhotoUrl, caption: t('rider.photos.item'), alt: t('rider.photos.itemAlt', { item }) } : null,
    job.packagedPhotoUrl ? { src: job.packagedPhotoUrl, caption: t('rider.photos.packed'), alt: t('rider.photos.packedAlt', { item }) } : null,
    job.pickupPhotoUrl ? { src: job.pickupPhotoUrl, caption: t('rider.photos.pickup'), alt: t('rider.photos.pickupAlt') } : null,
  ].filter((photo) => photo !== null);
  if (photos.length === 0) return null;
  return (
    <section className="card" aria-labelledby="photos-title">
      <h2 id="photos-title">{t('rider.photos.title')}</h2>
      <div className="photos">
        {photos.map((photo) => (
          <figure key={photo.src}>
            <img src={photo.src} alt={photo.alt} loading="lazy" width="320" height="240" />
            <figcaption>{photo.caption}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
