import type { RiderT } from '../i18n/use-rider-t.ts';

/** 'about 12 km, about 35 min': the parts of the trip's estimate the job has, in the page's language ('' for none). */
export function tripEstimate(t: RiderT, km: number | null, minutes: number | null): string {
  return [km !== null ? t('rider.estimate.km', { km: String(km) }) : null, minutes !== null ? t('rider.estimate.minutes', { minutes: String(minutes) }) : null]
    .filter(Boolean)
    .join(', ');
}
