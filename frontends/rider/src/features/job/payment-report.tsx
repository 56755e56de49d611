import { catalogue } from '@escrow/core/messages';
import { PAYMENT_ISSUE_MAX_LENGTH } from '@escrow/core/rules';
import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { RequiredTextArea } from '@escrow/ui/components/required-text-area';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { riderApi, type RiderChange, type RiderJob } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';

function WhatToCollect({ job }: { job: RiderJob }) {
  const { deliveryFee, cashAmount } = job.collectFromBuyer;
  if (deliveryFee === null && cashAmount === null) {
    return <p>Nothing to collect at the door: the seller pays your delivery fee of {formatKsh(job.deliveryCost)} through the platform after delivery.</p>;
  }
  return (
    <ul className="collect-list">
      {cashAmount !== null ? <li>Cash for the item: {formatKsh(cashAmount)}</li> : null}
      {deliveryFee !== null ? <li>Your delivery fee: {formatKsh(deliveryFee)}</li> : null}
    </ul>
  );
}

/**
 * What the rider collected at the door (product decisions: the delivery fee is paid to the
 * rider outside escrow): received, or an issue described in words for the admin.
 */
export function PaymentReport({ job, orderId, credentials, onSending, onNotSent, onDone }: StepProps & { job: RiderJob }) {
  const [reporting, setReporting] = useState(false);
  const [issue, setIssue] = useState('');
  const action = useIdempotentAction<RiderChange>(catalogue.rider.submitConfirmationFailed);

  const send = (body: { paymentReceived: boolean; paymentIssue: string | null }, success: string) => {
    onSending();
    action.run(JSON.stringify(body), (key) => riderApi.paymentConfirmation(orderId, credentials, body, key, catalogue.rider.submitConfirmationFailed), {
      onSuccess: (data) => {
        setReporting(false);
        setIssue('');
        onDone(data.message || success);
      },
      onFailure: onNotSent,
    });
  };

  return (
    <section className="card" aria-labelledby="payment-report-title">
      <h2 id="payment-report-title">Payment at the door</h2>
      <WhatToCollect job={job} />
      {reporting ? (
        <form
          className="form"
          noValidate
          aria-labelledby="payment-report-title"
          onSubmit={(event) => {
            event.preventDefault();
            const text = issue.trim();
            if (text === '') {
              action.setError(catalogue.validation.riderPayment.issueRequired);
              return;
            }
            send({ paymentReceived: false, paymentIssue: text }, catalogue.rider.issueReported);
          }}
        >
          <RequiredTextArea label="What went wrong?" name="paymentIssue" value={issue} onValueChange={setIssue} maxLength={PAYMENT_ISSUE_MAX_LENGTH} rows={3} invalid={action.error !== null} />
          {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
          <div className="button-row">
            <SubmitButton busy={action.busy} busyLabel="Sending…">
              Report Issue
            </SubmitButton>
            <button type="button" className="button button--secondary" onClick={() => setReporting(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
          <div className="button-row">
            <button type="button" className="button" disabled={action.busy} onClick={() => send({ paymentReceived: true, paymentIssue: null }, catalogue.rider.paymentConfirmationRecorded)}>
              Payment Received
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                action.setError(null);
                setReporting(true);
              }}
            >
              Report Payment Issue
            </button>
          </div>
        </>
      )}
    </section>
  );
}
