import { catalogue } from '@escrow/core/messages';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { riderApi, type RiderChange, type RiderJob } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';

/** How many wrong codes the order allows (core's MAX_WRONG_CODE_ATTEMPTS). */
const MAX_ATTEMPTS = 5;

interface DeliveryCodeStepProps extends StepProps {
  job: RiderJob;
  /** A wrong code changes the attempts left: the page re-reads the job. */
  onRefused(): void;
}

/** The buyer's 6-digit code, entered at the door: it completes the delivery (spec section 5). */
export function DeliveryCodeStep({ job, orderId, credentials, onSending, onNotSent, onDone, onRefused }: DeliveryCodeStepProps) {
  const [code, setCode] = useState('');
  const action = useIdempotentAction<RiderChange>(catalogue.rider.completeDeliveryFailed);

  if (job.codeLocked) {
    return (
      <section className="card card--warning" aria-labelledby="step-title">
        <h2 id="step-title">Delivery code</h2>
        <p role="alert">{catalogue.errors.deliveryCodeLocked}</p>
        <p>Call the seller: they can unlock code entry.</p>
      </section>
    );
  }
  const awaitingPayment = job.paymentMethod !== 'cash' && !job.paymentConfirmed;
  return (
    <section className="card card--step" aria-labelledby="step-title">
      <h2 id="step-title">Complete delivery</h2>
      {awaitingPayment ? <p className="note">{catalogue.errors.paymentNotConfirmed}. The buyer pays the Paybill first; the code works once the payment is confirmed.</p> : null}
      <form
        className="form"
        noValidate
        aria-labelledby="step-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length !== 6) return;
          onSending();
          action.run(code, (key) => riderApi.complete(orderId, credentials, code, key, catalogue.rider.completeDeliveryFailed), {
            onSuccess: (data) => onDone(data.message || catalogue.rider.deliveryCompleted),
            onFailure: () => {
              onNotSent();
              onRefused();
            },
          });
        }}
      >
        <TextField
          label="Delivery code"
          name="deliveryCode"
          required
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={6}
          value={code}
          // Digits only, at most 6 (spec section 5): anything else typed or pasted is dropped.
          onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, 6))}
          invalid={action.error !== null}
          hint="Ask the buyer for the 6-digit code once they have checked the item."
        />
        {job.codeAttemptsLeft < MAX_ATTEMPTS ? (
          <p className="note">
            {job.codeAttemptsLeft === 1 ? '1 attempt left' : `${job.codeAttemptsLeft} attempts left`} before code entry is locked.
          </p>
        ) : null}
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy} busyLabel="Checking…" disabled={code.length !== 6}>
          Complete Delivery
        </SubmitButton>
      </form>
    </section>
  );
}
