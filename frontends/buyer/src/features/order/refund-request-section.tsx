import { REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from '@escrow/core/rules';
import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { RequiredTextArea } from '@escrow/ui/components/required-text-area';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { buyerApi, type BuyerChange } from './buyer-api.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';

/** core's refundRequestSchema, on its rules without zod (decisions 0025, 0062); the server checks it again. */
function reasonProblem(reason: string): BuyerText | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'catalogue.validation.refund.reasonRequired';
  if (trimmed.length < REFUND_REASON_MIN_LENGTH) return 'catalogue.validation.refund.reasonTooShort';
  if (trimmed.length > REFUND_REASON_MAX_LENGTH) return 'catalogue.validation.refund.reasonTooLong';
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
  const t = useBuyerT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const action = useIdempotentAction<BuyerChange>(t('buyer.refund.sendFailed'));

  if (requested) {
    return (
      <section className="card" aria-labelledby="refund-title">
        <h2 id="refund-title">{t('buyer.refund.requestedTitle')}</h2>
        <p>{t('buyer.refund.requestedBody')}</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="refund-title">
      <h2 id="refund-title">{t('buyer.refund.title')}</h2>
      <p>{t('buyer.refund.body')}</p>
      {open ? (
        <form
          className="form"
          noValidate
          aria-labelledby="refund-title"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = reasonProblem(reason);
            if (problem) {
              action.setError(t(problem));
              return;
            }
            const body = { reason: reason.trim() };
            onSending();
            action.run(body.reason, (key) => buyerApi.requestRefund(orderId, deliveryCode, body, key, t('buyer.refund.sendFailed')), {
              onSuccess: (data) => onRequested(data.message),
              onFailure: onNotSent,
            });
          }}
        >
          <RequiredTextArea
            label={t('buyer.refund.reason')}
            name="reason"
            value={reason}
            onValueChange={setReason}
            maxLength={REFUND_REASON_MAX_LENGTH}
            invalid={action.error !== null}
            hint={t('buyer.refund.reasonHint')}
          />
          {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
          <SubmitButton busy={action.busy} busyLabel={t('buyer.refund.sending')}>
            {t('buyer.refund.submit')}
          </SubmitButton>
        </form>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('buyer.refund.open')}
        </button>
      )}
    </section>
  );
}
