import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { catalogue } from '@escrow/core/messages';
import { assignRiderSchema, parseOrFirstError } from '@escrow/core/validation';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { notify } from '@escrow/ui/toast/show-toast';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type RiderView, type SellerOrderView } from '../../shared/orders-api.ts';

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
    if (!parsed.ok) return setError(parsed.message);
    const fallback = parsed.value.kind === 'new' ? catalogue.seller.addNewRiderFailed : catalogue.seller.assignRiderFailed;
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
      notify({ title: result.data.message ?? 'Rider assigned', tone: 'success' });
    });
  };

  const remove = () => {
    if (busy) return;
    setError(null);
    setBusy('remove');
    void ordersApi.removeRider(order.id, catalogue.seller.removeRiderFailed, newIdempotencyKey()).then(async (result) => {
      if (!result.ok) {
        setBusy(null);
        return setError(failureText(result, catalogue.seller.removeRiderFailed));
      }
      await onChanged();
      setBusy(null);
      notify({ title: catalogue.seller.riderRemoved, tone: 'success' });
    });
  };

  return (
    <section className="seller-card" aria-labelledby="assign-rider-title">
      <h2 id="assign-rider-title" className="seller-card__title">
        {hasRider ? 'Rider' : 'Assign a rider'}
      </h2>
      {hasRider ? (
        <p>
          <strong>{order.riderName ?? 'Rider'}</strong> · <a href={`tel:${order.riderPhone}`}>{order.riderPhone}</a>
        </p>
      ) : (
        <p className="section-note">{order.paymentConfirmed ? catalogue.seller.assignRiderToProceed : 'You can assign a rider now; the delivery code works once the buyer has paid.'}</p>
      )}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {canAssign ? (
        <form className="form" noValidate onSubmit={assign}>
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              {hasRider ? 'Change to one of your riders' : 'Choose one of your riders'}
            </label>
            {riders.kind === 'failed' ? (
              <div className="inline-error" role="alert">
                <p>We could not load your riders.{riders.status === 503 ? ` ${SERVICE_UNAVAILABLE_MESSAGE}` : ''}</p>
                <button type="button" className="button button--secondary" onClick={retry}>
                  Try again
                </button>
              </div>
            ) : (
              <select id={selectId} name="riderId" className="field__input" value={riderId} onChange={(event) => setRiderId(event.target.value)} disabled={riders.kind === 'loading'}>
                <option value="">{riders.kind === 'loading' ? 'Loading your riders…' : riders.riders.length === 0 ? 'No riders saved yet' : 'Select a rider'}</option>
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
            <legend className="form-section__title">Or a new rider</legend>
            <TextField label="New rider name" name="newRiderName" autoComplete="off" maxLength={100} value={newRider.name} onValueChange={(name) => setNewRider((r) => ({ ...r, name }))} />
            <TextField label="New rider phone" name="newRiderPhone" type="tel" inputMode="tel" autoComplete="off" placeholder="e.g. 0712345678" value={newRider.phone} onValueChange={(phone) => setNewRider((r) => ({ ...r, phone }))} />
          </fieldset>
          <SubmitButton busy={busy === 'assign'} busyLabel={hasRider ? 'Changing rider…' : 'Assigning rider…'} disabled={busy !== null}>
            {hasRider ? 'Change Rider' : 'Assign Rider'}
          </SubmitButton>
        </form>
      ) : null}
      {canRemove ? (
        <button type="button" className="button button--danger button--block remove-rider" onClick={remove} disabled={busy !== null}>
          {busy === 'remove' ? 'Removing rider…' : 'Remove Rider'}
        </button>
      ) : null}
    </section>
  );
}
