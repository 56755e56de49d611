import { catalogue } from '@escrow/core/messages';
import { isMpesaReceipt, isWellFormedBuyerKey } from '@escrow/core/rules';
import { FormAlert, SubmitButton, TextField } from '@escrow/ui/components/form-field';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { buyerApi, type BuyerChange } from './buyer-api.ts';

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
function firstProblem(termsAccepted: boolean, deliveryCode: string, receipt: string): string | null {
  if (!termsAccepted) return catalogue.buyer.termsNotAccepted;
  if (!isWellFormedBuyerKey(deliveryCode)) return catalogue.buyer.deliveryCodeNotFound;
  if (!isMpesaReceipt(receipt)) return catalogue.validation.buyer.mpesaReceiptInvalid;
  return null;
}

/**
 * The typed-receipt form. A receipt M-Pesa confirmed pays the order (`onConfirmed`, the page
 * shows the success); any other receipt is only a claim (PRODUCT-DECISIONS, Real money): the
 * server's "being verified" message stays here, where the buyer is looking, never as "paid".
 */
export function ConfirmPaymentForm({ orderId, deliveryCode, onConfirmed, onClaimed, onSending, onNotSent }: ConfirmPaymentFormProps) {
  const [receipt, setReceipt] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [claimMessage, setClaimMessage] = useState<string | null>(null);
  const action = useIdempotentAction<BuyerChange>(catalogue.buyer.paymentConfirmationFailed);
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
          action.setError(problem);
          return;
        }
        onSending();
        action.run(
          normalized,
          (key) => buyerApi.confirmPayment(orderId, deliveryCode, { termsAccepted: true, mpesaReceipt: normalized }, key, catalogue.buyer.confirmPaymentFailed),
          {
            onSuccess: (data) => {
              if (data.order?.paymentConfirmed === false) {
                setClaimMessage(data.message || catalogue.buyer.paymentBeingVerified);
                onClaimed();
                return;
              }
              // Paid: no claim was recorded, so no `claim_payment` event of this request will come.
              onNotSent();
              onConfirmed(data.message || catalogue.buyer.paymentConfirmed);
            },
            onFailure: onNotSent,
          },
        );
      }}
    >
      <h3 id="confirm-payment-title">Confirm your payment</h3>
      <TextField
        label="M-Pesa confirmation code"
        name="mpesaReceipt"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={14}
        value={receipt}
        onValueChange={setReceipt}
        invalid={action.error === catalogue.validation.buyer.mpesaReceiptInvalid}
        hint="The 10-character code at the start of your M-Pesa SMS"
      />
      <label className="checkbox-field">
        <input type="checkbox" name="termsAccepted" checked={termsAccepted} onChange={(event) => setTermsAccepted(event.target.checked)} />
        <span>I accept the terms and conditions</span>
      </label>
      <p className="form-note">
        <a href="/terms" target="_blank" rel="noopener">
          Read the terms and conditions (opens in a new tab)
        </a>
      </p>
      {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : claimMessage ? <FormAlert tone="info">{claimMessage}</FormAlert> : null}
      <SubmitButton busy={action.busy} busyLabel="Confirming…">
        Confirm Payment
      </SubmitButton>
    </form>
  );
}
