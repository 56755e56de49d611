import { REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from '@escrow/core/rules';
import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { RequiredTextArea } from '@escrow/ui/components/required-text-area';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { riderApi, type RiderChange } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';

/**
 * Product decisions, refunds: when the buyer refuses the item, the rider records it (no code
 * is given) and brings the item back; an admin resolves the refund.
 */
export function BuyerRejected({ orderId, credentials, onSending, onNotSent, onDone }: StepProps) {
  const t = useRiderT();
  const [reason, setReason] = useState('');
  const action = useIdempotentAction<RiderChange>(t('rider.rejected.failed'));
  return (
    <details className="card disclosure">
      <summary>{t('rider.rejected.summary')}</summary>
      <form
        className="form"
        noValidate
        aria-label={t('rider.rejected.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (text === '') return action.setError(t('catalogue.validation.refund.reasonRequired'));
          if (text.length < REFUND_REASON_MIN_LENGTH) return action.setError(t('catalogue.validation.refund.reasonTooShort'));
          onSending();
          action.run(text, (key) => riderApi.buyerRejected(orderId, credentials, text, key, t('rider.rejected.failed')), { onSuccess: (data) => onDone(data.message), onFailure: onNotSent });
        }}
      >
        <p>{t('rider.rejected.body')}</p>
        <RequiredTextArea label={t('rider.rejected.reason')} name="reason" value={reason} onValueChange={setReason} maxLength={REFUND_REASON_MAX_LENGTH} rows={3} invalid={action.error !== null} />
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy} busyLabel={t('rider.sending')}>
          {t('rider.rejected.submit')}
        </SubmitButton>
      </form>
    </details>
  );
}
