import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { RiderJob } from '../../shared/rider-api.ts';

function Estimate({ job }: { job: RiderJob }) {
  const parts = [
    job.estimatedDistanceKm !== null ? `about ${job.estimatedDistanceKm} km` : null,
    job.estimatedTimeMinutes !== null ? `about ${job.estimatedTimeMinutes} min` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <div>
      <dt>Estimated trip</dt>
      <dd>{parts.join(', ')}</dd>
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
  const { pickup } = job;
  return (
    <section className="card" aria-labelledby="pickup-title">
      <h2 id="pickup-title">Pick up from</h2>
      <dl className="details">
        <Row label="Seller" value={pickup.sellerBusinessName} />
        <Row label="Pickup location" value={pickup.location} />
        {pickup.sellerLocation && pickup.sellerLocation !== pickup.location ? <Row label="Seller's location" value={pickup.sellerLocation} /> : null}
        {pickup.sellerPhone ? (
          <div>
            <dt>Seller's phone</dt>
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
  const { delivery } = job;
  return (
    <section className="card" aria-labelledby="delivery-title">
      <h2 id="delivery-title">Deliver to</h2>
      {delivery.buyerDetailsHidden ? <p className="note">The buyer&apos;s name, phone number and address are shown once you accept this job.</p> : null}
      <dl className="details">
        <Row label="Buyer" value={delivery.buyerName} />
        {delivery.buyerPhone ? (
          <div>
            <dt>Buyer's phone</dt>
            <dd>
              <a className="inline-tap" href={`tel:${delivery.buyerPhone}`}>
                {delivery.buyerPhone}
              </a>
            </dd>
          </div>
        ) : null}
        <Row label="Address" value={delivery.address} />
        <Row label="Landmark" value={delivery.landmark} />
        <Row label="Estate" value={delivery.estate} />
        <Row label="House number" value={delivery.houseNumber} />
        <Estimate job={job} />
        <div>
          <dt>Your delivery fee</dt>
          <dd>
            {formatKsh(job.riderPayout)}
            {job.deliveryPaidBy === 'buyer' ? ', collected from the buyer' : ', paid by the platform after delivery'}
          </dd>
        </div>
      </dl>
      {delivery.pinLocationLink ? (
        <a className="button button--secondary button--block" href={delivery.pinLocationLink} target="_blank" rel="noopener noreferrer">
          Open pin location in maps
        </a>
      ) : null}
    </section>
  );
}

export function JobPhotos({ job }: { job: RiderJob }) {
  const photos = [
    job.productPhotoUrl ? { src: job.productPhotoUrl, caption: 'The item', alt: `Photo of ${job.itemName}` } : null,
    job.packagedPhotoUrl ? { src: job.packagedPhotoUrl, caption: 'As packed by the seller', alt: `${job.itemName} packed for delivery` } : null,
    job.pickupPhotoUrl ? { src: job.pickupPhotoUrl, caption: 'Your pickup photo', alt: 'The photo you took at pickup' } : null,
  ].filter((photo) => photo !== null);
  if (photos.length === 0) return null;
  return (
    <section className="card" aria-labelledby="photos-title">
      <h2 id="photos-title">Photos</h2>
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
