import { DELIVERED_STATUSES, ON_THE_WAY_STATUSES } from '@escrow/core/rules';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { takeFlash } from '@escrow/ui/flash/flash-message';
import { OrderProgress } from '@escrow/ui/order/order-progress';
import type { LiveOrder } from '@escrow/api-client/live-order';
import '@escrow/ui/order/order-screen.css';
import { useEffect, useState } from 'react';
import { AppLink } from '@escrow/ui/components/app-link';
import { jobsPath, type Navigate } from '../../shared/navigate.ts';
import type { RiderCredentials, RiderJob } from '../../shared/rider-api.ts';
import '../../shared/rider.css';
import { AcceptStep } from './accept-step.tsx';
import { BuyerRejected } from './buyer-rejected.tsx';
import { DeliveryCodeStep } from './delivery-code-step.tsx';
import { DeliveryDetails, JobPhotos, PickupDetails } from './job-details.tsx';
import { PaymentReport } from './payment-report.tsx';
import { PickupStep } from './pickup-step.tsx';
import { riderStatusLabel } from '../../shared/rider-status-label.ts';
import type { StepProps } from './step-props.ts';
import { useRiderCredentials } from './use-rider-credentials.ts';
import { JOB_LOAD_FAILED, useRiderJob, type RiderAction } from './use-rider-job.ts';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { useCatalog } from '@escrow/ui/i18n/react';
import { riderCatalog } from '../../i18n/catalog.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(riderCatalog);

export interface RiderJobPageProps {
  orderId: string;
  navigate: Navigate;
}

/**
 * The rider's job view at /rider/{orderId}?phone=...&key=... (exposed as `rider/rider-job-page`):
 * the next step (accept, pickup photo, the buyer's code), payment at the door, and the pickup
 * and delivery details; kept current by the order's live events.
 */
export default function RiderJobPage({ orderId, navigate }: RiderJobPageProps) {
  const ready = useCatalog(riderCatalog);
  const t = useRiderT();
  const { credentials, remember } = useRiderCredentials(orderId);
  const handle = useRiderJob(orderId, credentials);
  const { state } = handle;
  // 'Job accepted! ...' from the dashboard, which took the job and came here.
  const [flash] = useState(() => takeFlash()?.text ?? null);

  useEffect(() => {
    if (state.kind === 'loaded') remember();
  }, [state.kind, remember]);

  // The page's Swahili texts are a chunk of their own: loading until they are here.
  if (!ready) return <LoadingState label={t('rider.job.loading')} />;
  if (credentials === null) {
    return (
      <MessageState
        title={t('catalogue.rider.phoneNumberRequired')}
        actions={
          <AppLink to="/rider" navigate={navigate} className="button">
            {t('rider.job.noPhone.enter')}
          </AppLink>
        }
      >
        <p>{t('rider.job.noPhone.body')}</p>
      </MessageState>
    );
  }
  if (state.kind === 'loading') return <LoadingState label={t('rider.job.loading')} />;
  const myJobs = (
    <AppLink to={jobsPath(credentials.phone)} navigate={navigate} className="button button--secondary">
      {t('rider.job.myJobs')}
    </AppLink>
  );
  if (state.kind === 'not-found') {
    return (
      <MessageState tone="error" title={t('catalogue.rider.orderNotFoundOrNotAssigned')} actions={myJobs}>
        <p>{t('rider.job.notFound.body')}</p>
      </MessageState>
    );
  }
  if (state.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title={state.status === 503 ? t('catalogue.errors.serviceUnavailable') : state.message === JOB_LOAD_FAILED ? t('rider.job.loadFailed') : state.message}
        actions={
          <>
            <button type="button" className="button" onClick={handle.retry}>
              {t('rider.tryAgain')}
            </button>
            {myJobs}
          </>
        }
      />
    );
  }
  return <JobView job={state.data} stale={state.stale} credentials={credentials} handle={handle} navigate={navigate} initialNotice={flash} />;
}

interface JobViewProps {
  job: RiderJob;
  stale: boolean;
  credentials: RiderCredentials;
  handle: LiveOrder<RiderJob>;
  navigate: Navigate;
  initialNotice: string | null;
}

function JobView({ job, stale, credentials, handle, navigate, initialNotice }: JobViewProps) {
  const t = useRiderT();
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const step = (action: RiderAction): StepProps => ({
    orderId: job.id,
    credentials,
    onSending: () => {
      setNotice(null);
      handle.expectOwn(action);
    },
    onNotSent: () => handle.forgetOwn(action),
    onDone: (message) => {
      setNotice(message);
      handle.reload();
    },
  });
  const delivered = DELIVERED_STATUSES.includes(job.status);
  const inTransit = ON_THE_WAY_STATUSES.includes(job.status);
  // The steps the server would take now, from the core's transition table (decision 0062).
  const may = (action: RiderJob['actions'][number]) => job.actions.includes(action);

  return (
    <div className="order-screen">
      <header className="order-screen__header">
        <AppLink to={jobsPath(credentials.phone)} navigate={navigate} className="back-link">
          {t('rider.job.back')}
        </AppLink>
        <p className="eyebrow">{t('rider.job.eyebrow', { tracking: job.trackingNumber })}</p>
        <h1>{job.itemName}</h1>
      </header>

      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title" className="status-label" aria-live="polite">
          {t(riderStatusLabel(job.status, job.accepted))}
        </h2>
        <OrderProgress status={job.status} />
        {stale ? (
          <p className="note" role="status">
            {t('rider.stale')}{' '}
            <button type="button" className="text-link-button" onClick={handle.reload}>
              {t('rider.refresh')}
            </button>
          </p>
        ) : null}
      </section>

      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}

      {may('accept_job') && !job.accepted ? <AcceptStep {...step('accept_job')} /> : null}
      {may('confirm_pickup') ? <PickupStep {...step('confirm_pickup')} /> : null}
      {inTransit ? <DeliveryCodeStep {...step('complete_delivery')} job={job} onRefused={handle.reload} /> : null}
      {delivered ? (
        <section className="card card--done" aria-labelledby="step-title">
          <h2 id="step-title">{t('rider.job.delivered.title')}</h2>
          <p>{t('rider.job.delivered.body')}</p>
        </section>
      ) : null}
      {job.status === 'cancelled' ? (
        <section className="card card--warning" aria-labelledby="step-title">
          <h2 id="step-title">{t('rider.job.cancelled.title')}</h2>
          <p>{t('rider.job.cancelled.body')}</p>
        </section>
      ) : null}

      {may('record_rider_payment') ? <PaymentReport {...step('record_rider_payment')} job={job} /> : null}

      <PickupDetails job={job} />
      <DeliveryDetails job={job} />
      <JobPhotos job={job} />

      {/* At the door only: the table lets a rider record it from the assignment on. */}
      {inTransit && may('request_refund') ? <BuyerRejected {...step('request_refund')} /> : null}
    </div>
  );
}
