import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { assignRiderSchema, parseOrFirstError } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { notify } from '@escrow/ui/toast/show-toast';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type RiderView, type SellerOrderView } from '../../shared/orders-api.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';

type Riders = { kind: 'loading' } | { kind: 'failed'; status: number } | { kind: 'loaded'; riders: readonly RiderView[] };

function useRiders() {
  const [riders, setRiders] = useState<Riders>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void ordersApi
      .riders(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) console.warn('Loading riders failed', result.status, result.message);
        setRiders(result.ok ? { kind: 'loaded', riders: result.data.riders } : { kind: 'failed', status: result.status });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [attempt]);
  return { riders, retry: () => setAttempt((n) => n + 1) };
}

/** What the seller may do about the rider now: the order's actions (core's transition table, decision 0062). */
export function riderActions(order: Pick<SellerOrderView, 'actions' | 'riderPhone'>) {
  return {
    canAssign: order.actions.includes('assign_rider'),
    canRemove: order.riderPhone !== null && order.actions.includes('remove_rider'),
  };
}

/**
 * The assign-rider panel (spec sections 2 and 5), for the order's signed-in seller: pick one of
 * the seller's riders or type a new rider's name and phone ('Please select or add a rider'
 * otherwise), change the rider (the old rider's link stops working at once), or remove them.
 * The page shows it while `riderActions` allows something.
 */
export function AssignRiderPanel({ order, onChanged }: { order: SellerOrderView; onChanged: () => Promise<void> }) {
  const t = useSellerT();
  const { riders, retry } = useRiders();
  const selectId = useId();
  const [riderId, setRiderId] = useState('');
  const [newRider, setNewRider] = useState({ name: '', phone: '' });
  const [busy, setBusy] = useState<'assign' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  const { canAssign, canRemove } = riderActions(order);
  const hasRider = order.riderPhone !== null;

  const assign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = { riderId, newRiderName: newRider.name, newRiderPhone: newRider.phone };
    const parsed = parseOrFirstError(assignRiderSchema, body);
    if (!parsed.ok) return setError(localText(parsed.message));
    const fallback = parsed.value.kind === 'new' ? t('catalogue.seller.addNewRiderFailed') : t('catalogue.seller.assignRiderFailed');
    const fingerprint = JSON.stringify([order.id, order.riderPhone, parsed.value]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    setError(null);
    setBusy('assign');
    void ordersApi.assignRider(order.id, body, fallback, attempt.current.key).then(async (result) => {
      if (!result.ok) {
        setBusy(null);
        return setError(failureText(result, fallback));
      }
      attempt.current = null;
      setRiderId('');
      setNewRider({ name: '', phone: '' });
      await onChanged();
      setBusy(null);
      notify({ title: result.data.message ? localText(result.data.message) : t('seller.assign.assigned'), tone: 'success' });
    });
  };

  const remove = () => {
    if (busy) return;
    setError(null);
    setBusy('remove');
    const failed = t('catalogue.seller.removeRiderFailed');
    void ordersApi.removeRider(order.id, failed, newIdempotencyKey()).then(async (result) => {
      if (!result.ok) {
        setBusy(null);
        return setError(failureText(result, failed));
      }
      await onChanged();
      setBusy(null);
      notify({ title: t('catalogue.seller.riderRemoved'), tone: 'success' });
    });
  };

  return (
    <section className="seller-card" aria-labelledby="assign-rider-title">
      <h2 id="assign-rider-title" className="seller-card__title">
        {hasRider ? t('seller.assign.rider') : t('seller.assign.title')}
      </h2>
      {hasRider ? (
        <p>
          <strong>{order.riderName ?? t('seller.assign.rider')}</strong> · <a href={`tel:${order.riderPhone}`}>{order.riderPhone}</a>
        </p>
      ) : (
        <p className="section-note">{order.paymentConfirmed ? t('catalogue.seller.assignRiderToProceed') : t('seller.assign.beforePayment')}</p>
      )}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {canAssign ? (
        <form className="form" noValidate onSubmit={assign}>
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              {hasRider ? t('seller.assign.change') : t('seller.assign.choose')}
            </label>
            {riders.kind === 'failed' ? (
              <div className="inline-error" role="alert">
                <p>
                  {t('seller.ridersLoadFailed')}
                  {riders.status === 503 ? ` ${localText(SERVICE_UNAVAILABLE_MESSAGE)}` : ''}
                </p>
                <button type="button" className="button button--secondary" onClick={retry}>
                  {t('seller.tryAgain')}
                </button>
              </div>
            ) : (
              <select id={selectId} name="riderId" className="field__input" value={riderId} onChange={(event) => setRiderId(event.target.value)} disabled={riders.kind === 'loading'}>
                <option value="">{riders.kind === 'loading' ? t('seller.loadingRiders') : riders.riders.length === 0 ? t('seller.assign.noRiders') : t('seller.assign.select')}</option>
                {riders.kind === 'loaded'
                  ? riders.riders.map((rider) => (
                      <option key={rider.id} value={rider.id}>
                        {rider.name} ({rider.phone}, {rider.motorbikePlate})
                      </option>
                    ))
                  : null}
              </select>
            )}
          </div>
          <fieldset className="form-section form-section--plain">
            <legend className="form-section__title">{t('seller.assign.orNew')}</legend>
            <TextField label={t('seller.assign.newName')} name="newRiderName" autoComplete="off" maxLength={100} value={newRider.name} onValueChange={(name) => setNewRider((r) => ({ ...r, name }))} />
            <TextField label={t('seller.assign.newPhone')} name="newRiderPhone" type="tel" inputMode="tel" autoComplete="off" placeholder={t('seller.examplePhone')} value={newRider.phone} onValueChange={(phone) => setNewRider((r) => ({ ...r, phone }))} />
          </fieldset>
          <SubmitButton busy={busy === 'assign'} busyLabel={hasRider ? t('seller.assign.changing') : t('seller.assign.assigning')} disabled={busy !== null}>
            {hasRider ? t('seller.assign.changeButton') : t('seller.assign.assignButton')}
          </SubmitButton>
        </form>
      ) : null}
      {canRemove ? (
        <button type="button" className="button button--danger button--block remove-rider" onClick={remove} disabled={busy !== null}>
          {busy === 'remove' ? t('seller.assign.removing') : t('seller.assign.removeButton')}
        </button>
      ) : null}
    </section>
  );
}
