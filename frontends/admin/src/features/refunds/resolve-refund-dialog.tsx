import { useState, type FormEvent } from 'react';
// An M-Pesa transaction code, 10 letters and digits (e.g. NLJ7RT61SV): the core's receipt rule; the server checks it again.
import { MPESA_RECEIPT_PATTERN as MPESA_REFERENCE } from '@escrow/core/rules';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, TextAreaField, TextField } from '@escrow/ui/components/form-field';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi, type RefundDecision } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import { localText, useAdminT, type AdminText } from '../../i18n/use-admin-t.ts';
import type { AdminRefundRequest } from '../../shared/admin-types.ts';
import { paymentUnverified, PaymentVerificationRows } from '../orders/payment-verification.tsx';
import { usePayoutMode } from '../payouts/payout-mode.ts';

const keys = new OnceKeys();

/** With M-Pesa payouts on (decision 0051): no reference typed, M-Pesa sends the refund by B2C. */
const BY_MPESA = {
  description: 'admin.refund.byMpesa.description',
  hint: 'admin.refund.byMpesa.hint',
  submit: 'admin.refund.byMpesa.submit',
  busy: 'admin.refund.byMpesa.busy',
} as const satisfies Record<string, AdminText>;

const COPY = {
  refund: {
    trigger: 'admin.refund.trigger',
    for: 'admin.refund.for',
    title: 'admin.refund.title',
    description: 'admin.refund.description',
    submit: 'admin.refund.submit',
    busy: 'admin.refund.busy',
    failed: 'admin.refund.failed',
  },
  reject: {
    trigger: 'admin.reject.trigger',
    for: 'admin.reject.for',
    title: 'admin.reject.title',
    description: 'admin.reject.description',
    submit: 'admin.reject.submit',
    busy: 'admin.reject.busy',
    failed: 'admin.reject.failed',
  },
} as const satisfies Record<string, Record<string, AdminText>>;

/**
 * Resolves one refund request (PRODUCT-DECISIONS, refunds): refund or reject. A refund is sent by
 * M-Pesa (B2C to the phone that paid) where payouts are on and no reference is typed; otherwise
 * it records the M-Pesa reference of a refund sent by hand.
 */
export function ResolveRefundDialog({ request, decision }: { request: AdminRefundRequest; decision: RefundDecision['decision'] }) {
  const t = useAdminT();
  const unverified = t('catalogue.errors.paymentUnverified');
  const { refresh, accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server decides again: with payouts off, a refund without a reference is refused in words.
  const payoutMode = usePayoutMode();
  const mpesaPays = decision === 'refund' && payoutMode !== 'manual';
  const byMpesa = mpesaPays && reference.trim() === '';
  const copy = COPY[decision];
  // One key per request and way of paying: a refund by M-Pesa and one recorded by hand are different requests.
  const action = `refund:${request.id}${byMpesa ? ':mpesa' : ''}`;
  // No refund of money M-Pesa never confirmed (PRODUCT-DECISIONS, Real money): the server refuses it; rejecting stays possible.
  const refused = decision === 'refund' && paymentUnverified(request.order);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || refused) return;
    const mpesaReference = reference.trim().toUpperCase();
    if (decision === 'refund' && !byMpesa && !MPESA_REFERENCE.test(mpesaReference)) {
      setError(t('admin.refund.referenceRequired'));
      return;
    }
    const trimmedNote = note.trim() || undefined;
    const body: RefundDecision = decision === 'refund' ? (byMpesa ? { decision, note: trimmedNote } : { decision, mpesaReference, note: trimmedNote }) : { decision, note: trimmedNote };
    setBusy(true);
    setError(null);
    void adminApi.resolveRefund(request.id, body, keys.keyFor(`${action}:${decision}`), t(copy.failed)).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(`${action}:${decision}`);
      if (result.ok) {
        setOpen(false);
        showToast(localText(result.data.message));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(localText(result.message));
      if (result.status === 409) refresh();
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
        <button type="button" className={decision === 'refund' ? 'button' : 'button button--secondary'} aria-label={t(copy.for, { item: request.order.itemName, tracking: request.order.trackingNumber })}>
          {t(copy.trigger)}
        </button>
      }
      title={t(copy.title)}
      description={t(mpesaPays ? BY_MPESA.description : copy.description)}
    >
      <dl className="detail-list">
        <div>
          <dt>{t('admin.refund.order')}</dt>
          <dd>
            {request.order.itemName} <span className="muted">({request.order.trackingNumber})</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.refunds.buyer')}</dt>
          <dd>
            {request.order.buyerName}, {request.order.buyerPhone}
          </dd>
        </div>
        <div>
          <dt>{paymentUnverified(request.order) ? t('admin.refunds.price') : t('admin.refund.paidIntoEscrow')}</dt>
          <dd>{formatKsh(request.order.price)}</dd>
        </div>
        <PaymentVerificationRows order={request.order} />
      </dl>
      {refused && error !== unverified ? (
        <div className="admin-note admin-note--warning">
          <p>{unverified}</p>
        </div>
      ) : null}
      <form className="form" noValidate onSubmit={submit}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        {decision === 'refund' ? (
          <TextField
            label={t('admin.refund.reference')}
            name="mpesaReference"
            required={!mpesaPays}
            maxLength={10}
            autoComplete="off"
            autoCapitalize="characters"
            value={reference}
            onValueChange={setReference}
            disabled={refused}
            invalid={error !== null && !MPESA_REFERENCE.test(reference.trim().toUpperCase())}
            hint={t(mpesaPays ? BY_MPESA.hint : 'admin.refund.referenceHint')}
          />
        ) : null}
        <TextAreaField label={t('admin.refund.note')} name="note" rows={3} maxLength={1000} value={note} onValueChange={setNote} />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel={t(byMpesa ? BY_MPESA.busy : copy.busy)} disabled={refused}>
            {t(byMpesa ? BY_MPESA.submit : copy.submit)}
          </Button>
          <DialogClose>{t('admin.cancel')}</DialogClose>
        </DialogActions>
      </form>
    </Dialog>
  );
}
