import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { ReactNode } from 'react';
import type { RiderJobListItem } from '../../shared/rider-api.ts';
import { riderStatusLabel } from '../../shared/rider-status-label.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';
import { tripEstimate } from '../../shared/trip-estimate.ts';

/**
 * One job in a list. Lists are readable with a phone number alone, so they carry no buyer
 * details (decision 0012): the area, not the address; the rest comes with the job's key.
 */
export function JobCard({ job, children }: { job: RiderJobListItem; children: ReactNode }) {
  const t = useRiderT();
  const estimate = tripEstimate(t, job.estimatedDistanceKm, job.estimatedTimeMinutes);
  const fee = formatKsh(job.deliveryCost);
  return (
    <li className="card job-card">
      <h3 className="job-card__title">{job.itemName}</h3>
      {job.sellerBusinessName ? <p className="eyebrow">{job.sellerBusinessName}</p> : null}
      <dl className="details">
        <div>
          <dt>{t('rider.card.status')}</dt>
          <dd>{t(riderStatusLabel(job.status, job.accepted))}</dd>
        </div>
        <div>
          <dt>{t('rider.card.pickup')}</dt>
          <dd>{job.pickupArea}</dd>
        </div>
        <div>
          <dt>{t('rider.card.deliveryArea')}</dt>
          <dd>{job.deliveryArea ?? t('rider.card.areaLater')}</dd>
        </div>
        <div>
          <dt>{t('rider.card.deliveryFee')}</dt>
          <dd>{job.deliveryPaidBy === 'buyer' ? t('rider.fee.fromBuyer', { fee }) : t('rider.card.feePaidByPlatform', { fee })}</dd>
        </div>
        {estimate !== '' ? (
          <div>
            <dt>{t('rider.estimate.title')}</dt>
            <dd>{estimate}</dd>
          </div>
        ) : null}
      </dl>
      {children}
    </li>
  );
}
