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
import { isRetryable, OnceKeys } from '../../shared/admin-request.ts';
import type { UnmatchedPayment } from '../../shared/admin-types.ts';

const keys = new OnceKeys();


const COPY = {
  attach: {
    trigger: 'Attach to order',
    title: 'Attach this payment to an order',
    description: "Pays the order with this M-Pesa payment, as if the buyer had typed the order's tracking number. It must cover the price. Recorded once, with your name.",
    label: 'Tracking number of the order',
    hint: 'As the seller or buyer gives it, e.g. 3XB64XMXRR.',
    required: 'Enter the tracking number of the order this payment is for',
    submit: 'Attach Payment',
    busy: 'Attaching…',
    failed: 'Failed to attach the payment',
  },
  refund: {
    trigger: 'Record refund',
    title: 'Record the refund of this payment',
    description: 'Send the money back to the payer by M-Pesa first, then record the M-Pesa reference of the refund here.',
    label: 'M-Pesa reference of the refund',
    hint: '10 letters and digits, e.g. NLJ7RT61SV.',
    required: 'Enter the 10-character M-Pesa reference of the refund',
    submit: 'Record Refund',
    busy: 'Recording…',
    failed: 'Failed to record the refund',
  },
} as const;

/**
 * Resolves a Paybill payment no order took (issue 15): attach it to the order it was meant for
 * (by tracking number), or record that it was sent back. Sent once (an Idempotency-Key kept
 * across retries); the server checks everything again and answers in words.
 */
export function ResolvePaymentDialog({ payment, decision }: { payment: UnmatchedPayment; decision: 'attach' | 'refund' }) {
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
      setError(copy.required);
      return;
    }
    setBusy(true);
    setError(null);
    const sent = decision === 'attach' ? adminApi.attachPayment(payment.transId, text, keys.keyFor(action), copy.failed) : adminApi.refundPayment(payment.transId, text, keys.keyFor(action), copy.failed);
    void sent.then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        setValue('');
        showToast(result.data.message);
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(result.message);
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
        <button type="button" className={decision === 'attach' ? 'button' : 'button button--secondary'} aria-label={`${copy.trigger}: payment ${payment.transId}`}>
          {copy.trigger}
        </button>
      }
      title={copy.title}
      description={copy.description}
    >
      <dl className="detail-list">
        <div>
          <dt>M-Pesa receipt</dt>
          <dd>
            <span className="receipt-code">{payment.transId}</span>
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatKsh(payment.amount)}</dd>
        </div>
        <div>
          <dt>Account number typed</dt>
          <dd>{payment.billRefNumber || <span className="muted">(empty)</span>}</dd>
        </div>
        <div>
          <dt>Payer</dt>
          <dd>{payment.payerName || <span className="muted">Not given</span>}</dd>
        </div>
      </dl>
      <form className="form" noValidate onSubmit={submit}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label={copy.label}
          name={decision === 'attach' ? 'trackingNumber' : 'mpesaReference'}
          required
          maxLength={decision === 'attach' ? 40 : 10}
          autoComplete="off"
          autoCapitalize="characters"
          value={value}
          onValueChange={setValue}
          invalid={error !== null}
          hint={copy.hint}
        />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel={copy.busy}>
            {copy.submit}
          </Button>
          <DialogClose>Cancel</DialogClose>
        </DialogActions>
      </form>
    </Dialog>
  );
}
