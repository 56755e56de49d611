import { pageSearch } from '@escrow/ui/page/page-answers';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { setFlash } from '@escrow/ui/flash/flash-message';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import '@escrow/ui/order/order-screen.css';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { AppLink } from '@escrow/ui/components/app-link';
import { jobPath, jobsPath, type Navigate } from '../../shared/navigate.ts';
import { PHONE_NOT_VERIFIED, riderApi, type RiderJobListItem, type TakenJob } from '../../shared/rider-api.ts';
import '../../shared/rider.css';
import { storeLastPhone } from '../../shared/rider-storage.ts';
import { JobCard } from './job-card.tsx';
import { PhoneCodeStep } from './phone-code-step.tsx';
import { PhoneForm } from './phone-form.tsx';
import { useRiderJobs } from './use-rider-jobs.ts';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { useCatalog } from '@escrow/ui/i18n/react';
import { riderCatalog } from '../../i18n/catalog.ts';
import { say, useRiderT } from '../../i18n/use-rider-t.ts';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(riderCatalog);

export interface RiderJobsPageProps {
  navigate: Navigate;
}

function phoneFromUrl(): string | null {
  const phone = new URLSearchParams(pageSearch()).get('phone')?.trim();
  return phone ? phone : null;
}

/**
 * The rider's dashboard at /rider?phone=... (exposed as `rider/rider-jobs-page`): tabs
 * 'Available Jobs (n)' and 'My Jobs (n)'; without a phone, the phone form; without this
 * browser's proof of the phone, the code step (decision 0046: a code by SMS, then the lists).
 * The shell keeps this page mounted while only the query changes, so the phone is followed in
 * state and through the browser's back and forward buttons.
 */
export default function RiderJobsPage({ navigate }: RiderJobsPageProps) {
  const ready = useCatalog(riderCatalog);
  const t = useRiderT();
  const [phone, setPhone] = useState(phoneFromUrl);
  // The number the rider just typed: its code is sent at once (a link opened later waits for "Send code").
  const [typed, setTyped] = useState<string | null>(null);
  const { state, reload } = useRiderJobs(phone);

  useEffect(() => {
    const onPop = () => setPhone(phoneFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The page's Swahili texts are a chunk of their own: loading until they are here.
  if (!ready) return <LoadingState label={t('rider.jobs.loading')} />;
  if (phone === null || (state.kind === 'failed' && state.invalidPhone)) {
    return (
      <PhoneForm
        serverMessage={phone !== null && state.kind === 'failed' ? state.message : null}
        onPhone={(entered) => {
          storeLastPhone(entered);
          setTyped(entered);
          setPhone(entered);
          reload();
          navigate(jobsPath(entered));
        }}
      />
    );
  }
  const toPhoneForm = () => {
    setTyped(null);
    setPhone(null);
    navigate('/rider');
  };
  const changePhone = <ChangePhoneButton onForgotten={toPhoneForm} />;
  if (state.kind === 'loading') return <LoadingState label={t('rider.jobs.loading')} />;
  if (state.kind === 'needs-proof') return <PhoneCodeStep key={phone} phone={phone} sendAtOnce={typed === phone} onProven={reload} onChangePhone={toPhoneForm} />;
  if (state.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title={say(t, state.message)}
        actions={
          <>
            <button type="button" className="button" onClick={reload}>
              {t('rider.tryAgain')}
            </button>
            {changePhone}
          </>
        }
      />
    );
  }
  return (
    <div className="order-screen">
      <header className="order-screen__header">
        <h1>{t('rider.jobs.title')}</h1>
        <p className="eyebrow">{t('rider.jobs.phone', { phone })}</p>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('rider.refresh')}
          </button>
          {changePhone}
        </div>
      </header>
      <Tabs.Root className="tabs" defaultValue={state.assigned.length > 0 ? 'mine' : 'available'}>
        <Tabs.List className="tabs__list" aria-label={t('rider.jobs.tabs')}>
          <Tabs.Trigger className="tabs__trigger" value="available">
            {t('rider.jobs.available', { count: state.available.length })}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="mine">
            {t('rider.jobs.mine', { count: state.assigned.length })}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__panel" value="available">
          {state.available.length === 0 ? (
            <p className="empty">{t('rider.jobs.noneAvailable')}</p>
          ) : (
            <ul className="job-list">
              {state.available.map((job) => (
                <JobCard key={job.id} job={job}>
                  <TakeJobButton job={job} phone={phone} navigate={navigate} onProofLost={reload} />
                </JobCard>
              ))}
            </ul>
          )}
        </Tabs.Content>
        <Tabs.Content className="tabs__panel" value="mine">
          {state.assigned.length === 0 ? (
            <p className="empty">{t('rider.jobs.noneMine')}</p>
          ) : (
            <ul className="job-list">
              {state.assigned.map((job) => (
                <JobCard key={job.id} job={job}>
                  <AppLink to={jobPath(job.id, phone)} navigate={navigate} className="button button--block" aria-label={t('rider.jobs.openLabel', { item: job.itemName })}>
                    {t('rider.jobs.open')}
                  </AppLink>
                </JobCard>
              ))}
            </ul>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/**
 * Back to the phone form, and this device stops speaking for the number (a shared or borrowed
 * phone): the proof is revoked on the server before the page moves on.
 */
function ChangePhoneButton({ onForgotten }: { onForgotten: () => void }) {
  const t = useRiderT();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        // Whatever the answer (offline included), the page moves on; the proof then simply runs out.
        void riderApi
          .forgetPhone(t('catalogue.errors.unexpected'))
          .catch(() => undefined)
          .finally(onForgotten);
      }}
    >
      {t('rider.jobs.changePhone')}
    </button>
  );
}

/**
 * Taking an available job hands out its key once (decision 0012); the job view keeps it. A proof
 * that ran out (or was revoked) meanwhile sends the rider back to the code step.
 */
function TakeJobButton({ job, phone, navigate, onProofLost }: { job: RiderJobListItem; phone: string; navigate: Navigate; onProofLost: () => void }) {
  const t = useRiderT();
  const action = useIdempotentAction<TakenJob>(t('catalogue.rider.acceptJobFailed'));
  return (
    <>
      {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
      <button
        type="button"
        className="button button--block"
        disabled={action.busy}
        aria-busy={action.busy || undefined}
        // The visible text starts the name (WCAG 2.5.3); the item tells the cards' buttons apart.
        aria-label={t('rider.jobs.acceptLabel', { item: job.itemName })}
        onClick={() =>
          action.run(
            job.id,
            (key) =>
              riderApi.takeJob(job.id, phone, key, t('catalogue.rider.acceptJobFailed')).then((result) => {
                if (!result.ok && result.code === PHONE_NOT_VERIFIED) onProofLost();
                return result;
              }),
            {
              onSuccess: (data) => {
                setFlash(data.message || t('catalogue.rider.jobAccepted'));
                // A taken job always has its link; the answer's type allows none (no rider), and then the list stays.
                if (data.riderLink) navigate(data.riderLink);
              },
            },
          )
        }
      >
        {action.busy ? t('rider.accept.busy') : t('rider.accept.submit')}
      </button>
    </>
  );
}
