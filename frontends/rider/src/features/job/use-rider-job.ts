import { catalogue } from '@escrow/core/messages';
import { useLiveOrder, type LiveOrder } from '@escrow/api-client/live-order';
import { riderApi, type RiderCredentials, type RiderJob } from '../../shared/rider-api.ts';

/** The rider's own changes (core's order actions); their live events are the page's own. */
export type RiderAction = 'accept_job' | 'confirm_pickup' | 'complete_delivery' | 'record_rider_payment' | 'request_refund';

/**
 * The job as the assigned rider sees it, kept current by the order's live events. A drop of
 * the stream is re-read at once: the server ends a rider's stream when the seller gives the
 * job to someone else, and the re-read then says the link no longer works.
 */
export function useRiderJob(orderId: string, credentials: RiderCredentials | null): LiveOrder<RiderJob> {
  return useLiveOrder<RiderJob>({
    ...(credentials === null ? {} : { initial: riderApi.pageJob(orderId, catalogue.rider.orderNotFoundOrNotAssigned) }),
    key: credentials === null ? null : `${orderId}\n${credentials.phone}\n${credentials.key ?? ''}`,
    load: (signal) => riderApi.job(orderId, credentials ?? { phone: '', key: null }, catalogue.rider.orderNotFoundOrNotAssigned, signal),
    liveUrl: credentials === null ? null : riderApi.liveUrl(orderId, credentials),
    failedMessage: 'We could not load this job. Please check your connection and try again.',
    reReadOnDrop: true,
  });
}
