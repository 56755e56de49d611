import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { ReactNode } from 'react';
import type { RiderJobListItem } from '../../shared/rider-api.ts';
import { riderStatusLabel } from '../../shared/rider-status-label.ts';

/**
 * One job in a list. Lists are readable with a phone number alone, so they carry no buyer
 * details (decision 0012): the area, not the address; the rest comes with the job's key.
 */
export function JobCard({ job, children }: { job: RiderJobListItem; children: ReactNode }) {
  const estimate = [
    job.estimatedDistanceKm !== null ? `about ${job.estimatedDistanceKm} km` : null,
    job.estimatedTimeMinutes !== null ? `about ${job.estimatedTimeMinutes} min` : null,
  ].filter(Boolean);
  return (
    <li className="card job-card">
      <h3 className="job-card__title">{job.itemName}</h3>
      {job.sellerBusinessName ? <p className="eyebrow">{job.sellerBusinessName}</p> : null}
      <dl className="details">
        <div>
          <dt>Status</dt>
          <dd>{riderStatusLabel(job.status, job.accepted)}</dd>
        </div>
        <div>
          <dt>Pickup</dt>
          <dd>{job.pickupArea}</dd>
        </div>
        <div>
          <dt>Delivery area</dt>
          <dd>{job.deliveryArea ?? 'Shown when you open the job'}</dd>
        </div>
        <div>
          <dt>Delivery fee</dt>
          <dd>
            {formatKsh(job.deliveryCost)}
            {job.deliveryPaidBy === 'buyer' ? ', collected from the buyer' : ', paid by the platform'}
          </dd>
        </div>
        {estimate.length > 0 ? (
          <div>
            <dt>Estimated trip</dt>
            <dd>{estimate.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {children}
    </li>
  );
}
