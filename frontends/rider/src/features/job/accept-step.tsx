import { FormAlert } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { riderApi, type RiderChange } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';

/** A job the seller assigned: the rider acknowledges it before going to pick it up. */
export function AcceptStep({ orderId, credentials, onSending, onNotSent, onDone }: StepProps) {
  const t = useRiderT();
  const action = useIdempotentAction<RiderChange>(t('catalogue.rider.acceptJobFailed'));
  return (
    <section className="card card--step" aria-labelledby="step-title">
      <h2 id="step-title">{t('rider.accept.title')}</h2>
      <p>{t('rider.accept.body')}</p>
      {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
      <button
        type="button"
        className="button button--block"
        disabled={action.busy}
        aria-busy={action.busy || undefined}
        onClick={() => {
          onSending();
          action.run('accept', (key) => riderApi.accept(orderId, credentials, key, t('catalogue.rider.acceptJobFailed')), {
            onSuccess: (data) => onDone(data.message || t('catalogue.rider.jobAccepted')),
            onFailure: onNotSent,
          });
        }}
      >
        {action.busy ? t('rider.accept.busy') : t('rider.accept.submit')}
      </button>
    </section>
  );
}
