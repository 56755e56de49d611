import { translate } from '@escrow/ui/i18n/i18n';
import { riderEn } from '../../i18n/en.ts';
import { useLiveOrder, type LiveOrder } from '@escrow/api-client/live-order';
import { riderApi, type RiderCredentials, type RiderJob } from '../../shared/rider-api.ts';

/** The rider's own changes (core's order actions); their live events are the page's own. */
export type RiderAction = 'accept_job' | 'confirm_pickup' | 'complete_delivery' | 'record_rider_payment' | 'request_refund';

/**
 * What a read that got no answer says (the page shows it in its language: rider.job.loadFailed).
 * A constant, so a change of language does not read the job again.
 */
export const JOB_LOAD_FAILED = riderEn['rider.job.loadFailed'];

/** The words of a refused read, in the page's language when it is sent. */
const notFound = () => translate('catalogue.rider.orderNotFoundOrNotAssigned');

/**
 * The job as the assigned rider sees it, kept current by the order's live events. A drop of
 * the stream is re-read at once: the server ends a rider's stream when the seller gives the
 * job to someone else, and the re-read then says the link no longer works.
 */
export function useRiderJob(orderId: string, credentials: RiderCredentials | null): LiveOrder<RiderJob> {
  return useLiveOrder<RiderJob>({
    ...(credentials === null ? {} : { initial: riderApi.pageJob(orderId, notFound()) }),
    key: credentials === null ? null : `${orderId}\n${credentials.phone}\n${credentials.key ?? ''}`,
    load: (signal) => riderApi.job(orderId, credentials ?? { phone: '', key: null }, notFound(), signal),
    liveUrl: credentials === null ? null : riderApi.liveUrl(orderId, credentials),
    failedMessage: JOB_LOAD_FAILED,
    reReadOnDrop: true,
  });
}
