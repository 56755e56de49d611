import { catalogue } from '@escrow/core/messages';
import { REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from '@escrow/core/rules';
import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { RequiredTextArea } from '@escrow/ui/components/required-text-area';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { buyerApi, type BuyerChange } from './buyer-api.ts';

const m = catalogue.validation.refund;

/** core's refundRequestSchema, on its rules without zod (decisions 0025, 0062); the server checks it again. */
function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return m.reasonRequired;
  if (trimmed.length < REFUND_REASON_MIN_LENGTH) return m.reasonTooShort;
  if (trimmed.length > REFUND_REASON_MAX_LENGTH) return m.reasonTooLong;
  return null;
}

interface RefundRequestSectionProps {
  orderId: string;
  deliveryCode: string;
  requested: boolean;
  onRequested(message: string): void;
  onSending(): void;
  onNotSent(): void;
}

/**
 * Product decisions, refunds: after paying and before giving the code, a buyer whose item
 * does not match withholds the code and asks for a refund; an admin resolves it.
 */
export function RefundRequestSection({ orderId, deliveryCode, requested, onRequested, onSending, onNotSent }: RefundRequestSectionProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const action = useIdempotentAction<BuyerChange>('Your refund request could not be sent. Please try again.');

  if (requested) {
    return (
      <section className="card" aria-labelledby="refund-title">
        <h2 id="refund-title">Refund requested</h2>
        <p>Your refund request was sent. An admin will review it and contact you. Keep your delivery code to yourself meanwhile.</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="refund-title">
      <h2 id="refund-title">Item not as described?</h2>
      <p>If the item does not match your order, do not give the rider your delivery code. Ask for a refund instead: an admin reviews it and returns what you paid into escrow.</p>
      {open ? (
        <form
          className="form"
          noValidate
          aria-labelledby="refund-title"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = reasonProblem(reason);
            if (problem) {
              action.setError(problem);
              return;
            }
            const body = { reason: reason.trim() };
            onSending();
            action.run(body.reason, (key) => buyerApi.requestRefund(orderId, deliveryCode, body, key, 'Your refund request could not be sent. Please try again.'), {
              onSuccess: (data) => onRequested(data.message),
              onFailure: onNotSent,
            });
          }}
        >
          <RequiredTextArea
            label="Why do you want a refund?"
            name="reason"
            value={reason}
            onValueChange={setReason}
            maxLength={REFUND_REASON_MAX_LENGTH}
            invalid={action.error !== null}
            hint="For example: wrong colour, damaged, not the model I ordered."
          />
          {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
          <SubmitButton busy={action.busy} busyLabel="Sending…">
            Request Refund
          </SubmitButton>
        </form>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Request a refund
        </button>
      )}
    </section>
  );
}
