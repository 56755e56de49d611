import { useState, type FormEvent } from 'react';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, TextField } from '@escrow/ui/components/form-field';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminText, localText, useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import type { AdminOrder, AdminOrderDetail } from '../../shared/admin-types.ts';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { paymentUnverified } from './payment-verification.tsx';
import { SettlementDetails } from './settlement-details.tsx';

const keys = new OnceKeys();

/**
 * 'Mark Paid' (spec section 2): the admin confirms having sent the seller's (and, when the
 * seller pays delivery, the rider's) payout. It moves money in the ledger and happens exactly
 * once, so it asks first, shows the amounts and where each goes, and takes the payout's M-Pesa
 * reference if any. The order's row does not say whether M-Pesa verified the buyer's payment,
 * so the open dialog reads the order for it (PRODUCT-DECISIONS, Real money: no payout of an
 * unverified payment); any refusal is shown in the server's own words.
 */
export function MarkPaidDialog({ order }: { order: AdminOrder }) {
  const t = useAdminT();
  const { refresh, accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = `settle:${order.id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    void adminApi.markPaid(order.id, reference.trim() || undefined, keys.keyFor(action), t('catalogue.admin.confirmSettlementFailed')).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        showToast(adminText('catalogue.admin.settlementConfirmed'));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(localText(result.message));
      // Settled meanwhile by another admin: the row will show it.
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
        <button type="button" className="button button--small" aria-label={t('admin.markPaid.for', { item: order.itemName, tracking: order.trackingNumber })}>
          {t('admin.markPaid')}
        </button>
      }
      title={t('admin.markPaid')}
      description={t('admin.markPaid.description')}
    >
      <MarkPaidBody order={order} busy={busy} error={error} reference={reference} onReference={setReference} onSubmit={submit} />
    </Dialog>
  );
}

interface MarkPaidBodyProps {
  order: AdminOrder;
  busy: boolean;
  error: string | null;
  reference: string;
  onReference(value: string): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/** The open dialog's content: mounted only while open, so the order is read only then (and again on live changes). */
function MarkPaidBody({ order, busy, error, reference, onReference, onSubmit }: MarkPaidBodyProps) {
  const t = useAdminT();
  const unverified = t('catalogue.errors.paymentUnverified');
  const detail = useAdminQuery<AdminOrderDetail>(adminApi.orderPath(order.id));
  // Known unverified: the server would refuse, so say why up front and offer no button to press.
  const refused = detail.data !== null && paymentUnverified(detail.data);

  return (
    <>
      <SettlementDetails order={order} detail={detail} action={t('admin.markPaid')} />
      {refused && error !== unverified ? (
        <div className="admin-note admin-note--warning">
          <p>{unverified}</p>
        </div>
      ) : null}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          if (!refused) return onSubmit(event);
          event.preventDefault();
        }}
      >
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label={t('admin.markPaid.reference')}
          name="reference"
          maxLength={100}
          autoComplete="off"
          value={reference}
          onValueChange={onReference}
          disabled={refused}
          hint={t('admin.markPaid.referenceHint')}
        />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel={t('admin.markPaid.busy')} disabled={refused}>
            {t('admin.markPaid')}
          </Button>
          <DialogClose>{t('admin.cancel')}</DialogClose>
        </DialogActions>
      </form>
    </>
  );
}
