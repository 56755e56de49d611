import { isMpesaReceipt, isWellFormedBuyerKey } from '@escrow/core/rules';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { buyerApi, type BuyerChange } from './buyer-api.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import type { BuyerText } from '../../i18n/use-buyer-t.ts';

export interface ConfirmPaymentFormProps {
  orderId: string;
  deliveryCode: string;
  /** The order is paid: M-Pesa had confirmed the payment of the typed receipt. */
  onConfirmed(message: string): void;
  /** The receipt is a claim M-Pesa has not confirmed (yet): the order is "being verified", not paid. */
  onClaimed(): void;
  onSending(): void;
  onNotSent(): void;
}

/**
 * The checks of core's buyerPaymentSchema, in its order (terms, then the stored code, then
 * the M-Pesa code), on the schema's own rules from `@escrow/core/rules`, so this page does not
 * download zod (decisions 0025, 0062); the server parses the same request with the schema and
 * its message wins.
 */
function firstProblem(termsAccepted: boolean, deliveryCode: string, receipt: string): BuyerText | null {
  if (!termsAccepted) return 'catalogue.buyer.termsNotAccepted';
  if (!isWellFormedBuyerKey(deliveryCode)) return 'catalogue.buyer.deliveryCodeNotFound';
  if (!isMpesaReceipt(receipt)) return 'catalogue.validation.buyer.mpesaReceiptInvalid';
  return null;
}

/**
 * The typed-receipt form. A receipt M-Pesa confirmed pays the order (`onConfirmed`, the page
 * shows the success); any other receipt is only a claim (PRODUCT-DECISIONS, Real money): the
 * server's "being verified" message stays here, where the buyer is looking, never as "paid".
 */
export function ConfirmPaymentForm({ orderId, deliveryCode, onConfirmed, onClaimed, onSending, onNotSent }: ConfirmPaymentFormProps) {
  const t = useBuyerT();
  const [receipt, setReceipt] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [claimMessage, setClaimMessage] = useState<string | null>(null);
  const action = useIdempotentAction<BuyerChange>(t('catalogue.buyer.paymentConfirmationFailed'));
  const normalized = receipt.replace(/\s+/g, '').toUpperCase();

  return (
    <form
      className="form"
      noValidate
      aria-labelledby="confirm-payment-title"
      onSubmit={(event) => {
        event.preventDefault();
        setClaimMessage(null);
        const problem = firstProblem(termsAccepted, deliveryCode, normalized);
        if (problem) {
          action.setError(t(problem));
          return;
        }
        onSending();
        action.run(
          normalized,
          (key) => buyerApi.confirmPayment(orderId, deliveryCode, { termsAccepted: true, mpesaReceipt: normalized }, key, t('catalogue.buyer.confirmPaymentFailed')),
          {
            onSuccess: (data) => {
              if (data.order?.paymentConfirmed === false) {
                setClaimMessage(data.message || t('catalogue.buyer.paymentBeingVerified'));
                onClaimed();
                return;
              }
              // Paid: no claim was recorded, so no `claim_payment` event of this request will come.
              onNotSent();
              onConfirmed(data.message || t('catalogue.buyer.paymentConfirmed'));
            },
            onFailure: onNotSent,
          },
        );
      }}
    >
      <h3 id="confirm-payment-title">{t('buyer.confirm.title')}</h3>
      <TextField
        label={t('buyer.confirm.receipt')}
        name="mpesaReceipt"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={14}
        value={receipt}
        onValueChange={setReceipt}
        invalid={action.error === t('catalogue.validation.buyer.mpesaReceiptInvalid')}
        hint={t('buyer.confirm.receiptHint')}
      />
      <label className="checkbox-field">
        <input type="checkbox" name="termsAccepted" checked={termsAccepted} onChange={(event) => setTermsAccepted(event.target.checked)} />
        <span>{t('buyer.confirm.acceptTerms')}</span>
      </label>
      <p className="form-note">
        <a href="/terms" target="_blank" rel="noopener">
          {t('buyer.confirm.readTerms')}
        </a>
      </p>
      {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : claimMessage ? <FormAlert tone="info">{claimMessage}</FormAlert> : null}
      <SubmitButton busy={action.busy} busyLabel={t('buyer.confirm.busy')}>
        {t('buyer.confirm.submit')}
      </SubmitButton>
    </form>
  );
}
