import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert } from '@escrow/ui/components/form-field';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type RiderView } from '../../shared/orders-api.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';

// The form brings zod and the shared schemas (about 25 kB gzipped): loaded when the dialog opens,
// not with the dashboard.
const AddRiderForm = lazy(() => import('./add-rider-form.tsx').then((module) => ({ default: module.AddRiderForm })));

type Riders = { kind: 'loading' } | { kind: 'failed'; status: number } | { kind: 'loaded'; riders: readonly RiderView[] };
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * The rider management dialog (spec section 2): the seller's riders, add one, remove one.
 * A Radix Dialog, so focus stays inside while it is open and Escape closes it. The list is
 * read each time the dialog opens; outcomes are shown inside the dialog, where the seller is.
 */
export function RidersDialog() {
  const t = useSellerT();
  const [open, setOpen] = useState(false);
  const [riders, setRiders] = useState<Riders>({ kind: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  // The list is marked loading by whoever asks for it (opening the dialog, Try again).
  const load = useCallback((signal?: AbortSignal) => {
    void ordersApi
      .riders(signal)
      .then((result) => {
        if (signal?.aborted) return;
        if (!result.ok) console.warn('Loading riders failed', result.status, result.message);
        setRiders(result.ok ? { kind: 'loaded', riders: result.data.riders } : { kind: 'failed', status: result.status });
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [open, load]);

  const remove = (rider: RiderView) => {
    if (removing) return;
    setRemoving(rider.id);
    setOutcome(null);
    const failed = t('catalogue.seller.deleteRiderFailed');
    void ordersApi.deleteRider(rider.id, failed, newIdempotencyKey()).then((result) => {
      setRemoving(null);
      if (!result.ok) return setOutcome({ tone: 'error', text: failureText(result, failed) });
      setRiders((current) => (current.kind === 'loaded' ? { kind: 'loaded', riders: current.riders.filter((r) => r.id !== rider.id) } : current));
      setOutcome({ tone: 'success', text: t('catalogue.seller.riderRemoved') });
    });
  };

  const added = (rider: RiderView) =>
    setRiders((current) => (current.kind === 'loaded' ? { kind: 'loaded', riders: [...current.riders.filter((r) => r.id !== rider.id), rider] } : current));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRiders({ kind: 'loading' });
        else setOutcome(null);
      }}
      size="large"
      trigger={
        <button type="button" className="button button--secondary" data-tour="riders">
          {t('seller.riders.manage')}
        </button>
      }
      title={t('seller.riders.title')}
      description={t('seller.riders.description')}
      footer={<DialogClose>{t('seller.riders.done')}</DialogClose>}
    >
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <RiderList
        riders={riders}
        removing={removing}
        onRemove={remove}
        onRetry={() => {
          setRiders({ kind: 'loading' });
          load();
        }}
      />
      <Suspense fallback={<p className="section-note">{t('seller.riders.loadingForm')}</p>}>
        <AddRiderForm onAdded={added} onOutcome={setOutcome} />
      </Suspense>
    </Dialog>
  );
}

function RiderList({ riders, removing, onRemove, onRetry }: { riders: Riders; removing: string | null; onRemove: (rider: RiderView) => void; onRetry: () => void }) {
  const t = useSellerT();
  if (riders.kind === 'loading') {
    return (
      <p className="section-note" role="status">
        {t('seller.loadingRiders')}
      </p>
    );
  }
  if (riders.kind === 'failed') {
    return (
      <div className="inline-error" role="alert">
        <p>
          {t('seller.ridersLoadFailed')}
          {riders.status === 503 ? ` ${localText(SERVICE_UNAVAILABLE_MESSAGE)}` : ''}
        </p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('seller.tryAgain')}
        </button>
      </div>
    );
  }
  if (riders.riders.length === 0) return <p className="section-note">{t('seller.riders.empty')}</p>;
  return (
    <ul className="rider-list" aria-label={t('seller.riders.list')}>
      {riders.riders.map((rider) => (
        <li key={rider.id} className="rider-row">
          <span className="rider-row__text">
            <span className="rider-row__name">{rider.name}</span>
            <span className="rider-row__meta">
              {rider.phone} · {rider.motorbikePlate}
            </span>
          </span>
          <Button variant="danger" onClick={() => onRemove(rider)} busy={removing === rider.id} busyLabel={t('seller.riders.removing')} disabled={removing !== null} aria-label={t('seller.riders.removeName', { name: rider.name })}>
            {t('seller.riders.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
