import { catalogue } from '@escrow/core/messages';
import { REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from '@escrow/core/rules';
import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { RequiredTextArea } from '@escrow/ui/components/required-text-area';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { riderApi, type RiderChange } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';

const m = catalogue.validation.refund;
const FAILED = 'The rejection could not be recorded. Please try again.';

/**
 * Product decisions, refunds: when the buyer refuses the item, the rider records it (no code
 * is given) and brings the item back; an admin resolves the refund.
 */
export function BuyerRejected({ orderId, credentials, onSending, onNotSent, onDone }: StepProps) {
  const [reason, setReason] = useState('');
  const action = useIdempotentAction<RiderChange>(FAILED);
  return (
    <details className="card disclosure">
      <summary>The buyer rejected the item?</summary>
      <form
        className="form"
        noValidate
        aria-label="Record that the buyer rejected the item"
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (text === '') return action.setError(m.reasonRequired);
          if (text.length < REFUND_REASON_MIN_LENGTH) return action.setError(m.reasonTooShort);
          onSending();
          action.run(text, (key) => riderApi.buyerRejected(orderId, credentials, text, key, FAILED), { onSuccess: (data) => onDone(data.message), onFailure: onNotSent });
        }}
      >
        <p>Do not enter a code. Record what the buyer said, then return the item to the seller.</p>
        <RequiredTextArea label="Why did the buyer reject it?" name="reason" value={reason} onValueChange={setReason} maxLength={REFUND_REASON_MAX_LENGTH} rows={3} invalid={action.error !== null} />
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy} busyLabel="Sending…">
          Record Rejection
        </SubmitButton>
      </form>
    </details>
  );
}
