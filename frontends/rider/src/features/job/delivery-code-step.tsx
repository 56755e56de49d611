import { CODE_LENGTH, MAX_WRONG_CODE_ATTEMPTS } from '@escrow/core/rules';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { riderApi, type RiderChange, type RiderJob } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';

interface DeliveryCodeStepProps extends StepProps {
  job: RiderJob;
  /** A wrong code changes the attempts left: the page re-reads the job. */
  onRefused(): void;
}

/** The buyer's 6-digit code, entered at the door: it completes the delivery (spec section 5). */
export function DeliveryCodeStep({ job, orderId, credentials, onSending, onNotSent, onDone, onRefused }: DeliveryCodeStepProps) {
  const t = useRiderT();
  const [code, setCode] = useState('');
  const action = useIdempotentAction<RiderChange>(t('catalogue.rider.completeDeliveryFailed'));

  if (job.codeLocked) {
    return (
      <section className="card card--warning" aria-labelledby="step-title">
        <h2 id="step-title">{t('rider.deliveryCode.label')}</h2>
        <p role="alert">{t('catalogue.errors.deliveryCodeLocked')}</p>
        <p>{t('rider.deliveryCode.callSeller')}</p>
      </section>
    );
  }
  // The form only when the server would take a code now (the job's actions, decision 0062): the
  // table's other guard is an M-Pesa payment not confirmed yet, and a live re-read brings the form.
  if (!job.actions.includes('complete_delivery')) {
    return (
      <section className="card card--step" aria-labelledby="step-title">
        <h2 id="step-title">{t('rider.deliveryCode.title')}</h2>
        <p className="note">{t('rider.deliveryCode.payFirst', { notConfirmed: t('catalogue.errors.paymentNotConfirmed') })}</p>
      </section>
    );
  }
  return (
    <section className="card card--step" aria-labelledby="step-title">
      <h2 id="step-title">{t('rider.deliveryCode.title')}</h2>
      <form
        className="form"
        noValidate
        aria-labelledby="step-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length !== CODE_LENGTH) return;
          onSending();
          action.run(code, (key) => riderApi.complete(orderId, credentials, code, key, t('catalogue.rider.completeDeliveryFailed')), {
            onSuccess: (data) => onDone(data.message || t('catalogue.rider.deliveryCompleted')),
            onFailure: () => {
              onNotSent();
              onRefused();
            },
          });
        }}
      >
        <TextField
          label={t('rider.deliveryCode.label')}
          name="deliveryCode"
          required
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={CODE_LENGTH}
          value={code}
          // Digits only, at most 6 (spec section 5): anything else typed or pasted is dropped.
          onValueChange={(value) => setCode(value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          invalid={action.error !== null}
          hint={t('rider.deliveryCode.hint')}
        />
        {job.codeAttemptsLeft < MAX_WRONG_CODE_ATTEMPTS ? (
          <p className="note">{t('rider.deliveryCode.attemptsLeft', { count: job.codeAttemptsLeft })}</p>
        ) : null}
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy} busyLabel={t('rider.checking')} disabled={code.length !== CODE_LENGTH}>
          {t('rider.deliveryCode.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
