import { useState } from 'react';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert } from '@escrow/ui/components/form-field';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import { localText, useAdminT } from '../../i18n/use-admin-t.ts';
import type { AdminOrder, AdminOrderDetail } from '../../shared/admin-types.ts';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { paymentUnverified } from '../orders/payment-verification.tsx';
import { SettlementDetails } from '../orders/settlement-details.tsx';

const keys = new OnceKeys();

/**
 * 'Approve payout': Mark Paid where this server pays by M-Pesa (MPESA_PAYOUTS). It sends money,
 * so it asks first with the amounts and where each goes; the server then queues the order's
 * payouts and M-Pesa pays them; the order settles when M-Pesa confirms each one (its row shows
 * the payouts' states meanwhile). Sent once: an Idempotency-Key kept across retries, the button
 * disabled while it is sent; the server approves an order's payouts once whatever is sent.
 */
export function ApprovePayoutDialog({ order }: { order: AdminOrder }) {
  const t = useAdminT();
  const { refresh, accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = `approve:${order.id}`;

  const approve = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    void adminApi.approvePayout(order.id, keys.keyFor(action), t('admin.approve.failed')).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        showToast(localText(result.data.message));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(localText(result.message));
      // Approved or settled meanwhile (another admin, the CLI): the row will show it.
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
        <button type="button" className="button button--small" aria-label={t('admin.approve.for', { item: order.itemName, tracking: order.trackingNumber })}>
          {t('admin.approve')}
        </button>
      }
      title={t('admin.approve')}
      description={t('admin.approve.description')}
    >
      <ApproveBody order={order} busy={busy} error={error} onApprove={approve} />
    </Dialog>
  );
}

/** The open dialog's content: mounted only while open, so the order is read only then. */
function ApproveBody({ order, busy, error, onApprove }: { order: AdminOrder; busy: boolean; error: string | null; onApprove: () => void }) {
  const t = useAdminT();
  const unverified = t('catalogue.errors.paymentUnverified');
  const detail = useAdminQuery<AdminOrderDetail>(adminApi.orderPath(order.id));
  // No payout of money M-Pesa never confirmed (PRODUCT-DECISIONS, Real money): say why, offer nothing to press.
  const refused = detail.data !== null && paymentUnverified(detail.data);
  return (
    <>
      <SettlementDetails order={order} detail={detail} action={t('admin.approve')} />
      {refused && error !== unverified ? (
        <div className="admin-note admin-note--warning">
          <p>{unverified}</p>
        </div>
      ) : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <DialogActions>
        <Button onClick={onApprove} busy={busy} busyLabel={t('admin.approve.busy')} disabled={refused}>
          {t('admin.approve')}
        </Button>
        <DialogClose>{t('admin.cancel')}</DialogClose>
      </DialogActions>
    </>
  );
}
