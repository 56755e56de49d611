import { catalogue } from '@escrow/core/messages';
import { FormAlert } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { riderApi, type RiderChange } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';

/** A job the seller assigned: the rider acknowledges it before going to pick it up. */
export function AcceptStep({ orderId, credentials, onSending, onNotSent, onDone }: StepProps) {
  const action = useIdempotentAction<RiderChange>(catalogue.rider.acceptJobFailed);
  return (
    <section className="card card--step" aria-labelledby="step-title">
      <h2 id="step-title">Accept this job</h2>
      <p>Check the pickup location and the delivery area below, then accept the job and go to the pickup location. The buyer&apos;s name, phone number and address are shown once you accept.</p>
      {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
      <button
        type="button"
        className="button button--block"
        disabled={action.busy}
        aria-busy={action.busy || undefined}
        onClick={() => {
          onSending();
          action.run('accept', (key) => riderApi.accept(orderId, credentials, key, catalogue.rider.acceptJobFailed), {
            onSuccess: (data) => onDone(data.message || catalogue.rider.jobAccepted),
            onFailure: onNotSent,
          });
        }}
      >
        {action.busy ? 'Accepting…' : 'Accept Job'}
      </button>
    </section>
  );
}
