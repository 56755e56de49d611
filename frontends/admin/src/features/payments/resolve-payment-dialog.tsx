import { useState, type FormEvent } from 'react';
// An M-Pesa transaction code, 10 letters and digits (e.g. NLJ7RT61SV): the core's receipt rule; the server checks it again.
import { MPESA_RECEIPT_PATTERN as MPESA_REFERENCE } from '@escrow/core/rules';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, TextField } from '@escrow/ui/components/form-field';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import { localText, useAdminT, type AdminText } from '../../i18n/use-admin-t.ts';
import type { UnmatchedPayment } from '../../shared/admin-types.ts';

const keys = new OnceKeys();

const COPY = {
  attach: {
    trigger: 'admin.attach.trigger',
    for: 'admin.attach.for',
    title: 'admin.attach.title',
    description: 'admin.attach.description',
    label: 'admin.attach.label',
    hint: 'admin.attach.hint',
    required: 'admin.attach.required',
    submit: 'admin.attach.submit',
    busy: 'admin.attach.busy',
    failed: 'admin.attach.failed',
  },
  refund: {
    trigger: 'admin.paymentRefund.trigger',
    for: 'admin.paymentRefund.for',
    title: 'admin.paymentRefund.title',
    description: 'admin.paymentRefund.description',
    label: 'admin.refund.reference',
    hint: 'admin.refund.referenceHint',
    required: 'admin.refund.referenceRequired',
    submit: 'admin.refund.submit',
    busy: 'admin.refund.busy',
    failed: 'admin.refund.failed',
  },
} as const satisfies Record<string, Record<string, AdminText>>;

/**
 * Resolves a Paybill payment no order took (issue 15): attach it to the order it was meant for
 * (by tracking number), or record that it was sent back. Sent once (an Idempotency-Key kept
 * across retries); the server checks everything again and answers in words.
 */
export function ResolvePaymentDialog({ payment, decision }: { payment: UnmatchedPayment; decision: 'attach' | 'refund' }) {
  const t = useAdminT();
  const { refresh, accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = COPY[decision];
  const action = `${decision}:${payment.transId}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const text = value.replace(/\s+/g, '').toUpperCase();
    if (text === '' || (decision === 'refund' && !MPESA_REFERENCE.test(text))) {
      setError(t(copy.required));
      return;
    }
    setBusy(true);
    setError(null);
    const sent = decision === 'attach' ? adminApi.attachPayment(payment.transId, text, keys.keyFor(action), t(copy.failed)) : adminApi.refundPayment(payment.transId, text, keys.keyFor(action), t(copy.failed));
    void sent.then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        setValue('');
        showToast(localText(result.data.message));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(localText(result.message));
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      busy={busy}
      trigger={
        <button type="button" className={decision === 'attach' ? 'button' : 'button button--secondary'} aria-label={t(copy.for, { receipt: payment.transId })}>
          {t(copy.trigger)}
        </button>
      }
      title={t(copy.title)}
      description={t(copy.description)}
    >
      <dl className="detail-list">
        <div>
          <dt>{t('admin.payment.receipt')}</dt>
          <dd>
            <span className="receipt-code">{payment.transId}</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.payments.amount')}</dt>
          <dd>{formatKsh(payment.amount)}</dd>
        </div>
        <div>
          <dt>{t('admin.payments.accountTyped')}</dt>
          <dd>{payment.billRefNumber || <span className="muted">{t('admin.empty')}</span>}</dd>
        </div>
        <div>
          <dt>{t('admin.payments.payer')}</dt>
          <dd>{payment.payerName || <span className="muted">{t('admin.notGiven')}</span>}</dd>
        </div>
      </dl>
      <form className="form" noValidate onSubmit={submit}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label={t(copy.label)}
          name={decision === 'attach' ? 'trackingNumber' : 'mpesaReference'}
          required
          maxLength={decision === 'attach' ? 40 : 10}
          autoComplete="off"
          autoCapitalize="characters"
          value={value}
          onValueChange={setValue}
          invalid={error !== null}
          hint={t(copy.hint)}
        />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel={t(copy.busy)}>
            {t(copy.submit)}
          </Button>
          <DialogClose>{t('admin.cancel')}</DialogClose>
        </DialogActions>
      </form>
    </Dialog>
  );
}
