import { PAYMENT_ISSUE_MAX_LENGTH } from '@escrow/core/rules';
import { FormAlert, SubmitButton } from '@escrow/ui/components/form-field';
import { RequiredTextArea } from '@escrow/ui/components/required-text-area';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { riderApi, type RiderChange, type RiderJob } from '../../shared/rider-api.ts';
import type { StepProps } from './step-props.ts';
import { useRiderT } from '../../i18n/use-rider-t.ts';

function WhatToCollect({ job }: { job: RiderJob }) {
  const t = useRiderT();
  const { deliveryFee, cashAmount } = job.collectFromBuyer;
  if (deliveryFee === null && cashAmount === null) {
    return <p>{t('rider.payment.nothing', { fee: formatKsh(job.deliveryCost) })}</p>;
  }
  return (
    <ul className="collect-list">
      {cashAmount !== null ? <li>{t('rider.payment.cash', { amount: formatKsh(cashAmount) })}</li> : null}
      {deliveryFee !== null ? <li>{t('rider.payment.fee', { fee: formatKsh(deliveryFee) })}</li> : null}
    </ul>
  );
}

/**
 * What the rider collected at the door (product decisions: the delivery fee is paid to the
 * rider outside escrow): received, or an issue described in words for the admin.
 */
export function PaymentReport({ job, orderId, credentials, onSending, onNotSent, onDone }: StepProps & { job: RiderJob }) {
  const t = useRiderT();
  const [reporting, setReporting] = useState(false);
  const [issue, setIssue] = useState('');
  const action = useIdempotentAction<RiderChange>(t('catalogue.rider.submitConfirmationFailed'));

  const send = (body: { paymentReceived: boolean; paymentIssue: string | null }, success: string) => {
    onSending();
    action.run(JSON.stringify(body), (key) => riderApi.paymentConfirmation(orderId, credentials, body, key, t('catalogue.rider.submitConfirmationFailed')), {
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
      <h2 id="payment-report-title">{t('rider.payment.title')}</h2>
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
              action.setError(t('catalogue.validation.riderPayment.issueRequired'));
              return;
            }
            send({ paymentReceived: false, paymentIssue: text }, t('catalogue.rider.issueReported'));
          }}
        >
          <RequiredTextArea label={t('rider.payment.whatWentWrong')} name="paymentIssue" value={issue} onValueChange={setIssue} maxLength={PAYMENT_ISSUE_MAX_LENGTH} rows={3} invalid={action.error !== null} />
          {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
          <div className="button-row">
            <SubmitButton busy={action.busy} busyLabel={t('rider.sending')}>
              {t('rider.payment.reportIssue')}
            </SubmitButton>
            <button type="button" className="button button--secondary" onClick={() => setReporting(false)}>
              {t('rider.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
          <div className="button-row">
            <button type="button" className="button" disabled={action.busy} onClick={() => send({ paymentReceived: true, paymentIssue: null }, t('catalogue.rider.paymentConfirmationRecorded'))}>
              {t('rider.payment.received')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                action.setError(null);
                setReporting(true);
              }}
            >
              {t('rider.payment.reportPaymentIssue')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
