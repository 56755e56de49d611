import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert } from '@escrow/ui/components/form-field';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '../../shared/admin-request.ts';
import type { AdminOrder, AdminOrderDetail } from '../../shared/admin-types.ts';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { paymentUnverified } from '../orders/payment-verification.tsx';
import { SettlementDetails } from '../orders/settlement-details.tsx';

const keys = new OnceKeys();
const APPROVE_FAILED = 'Failed to approve the payout';

/**
 * 'Approve payout': Mark Paid where this server pays by M-Pesa (MPESA_PAYOUTS). It sends money,
 * so it asks first with the amounts and where each goes; the server then queues the order's
 * payouts and M-Pesa pays them; the order settles when M-Pesa confirms each one (its row shows
 * the payouts' states meanwhile). Sent once: an Idempotency-Key kept across retries, the button
 * disabled while it is sent; the server approves an order's payouts once whatever is sent.
 */
export function ApprovePayoutDialog({ order }: { order: AdminOrder }) {
  const { refresh, accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = `approve:${order.id}`;

  const approve = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    void adminApi.approvePayout(order.id, keys.keyFor(action), APPROVE_FAILED).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        showToast(result.data.message);
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(result.message);
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
        <button type="button" className="button button--small" aria-label={`Approve payout: ${order.itemName} (${order.trackingNumber})`}>
          Approve payout
        </button>
      }
      title="Approve payout"
      description="M-Pesa pays the payouts below as soon as you approve. The order settles when M-Pesa confirms each one. This is sent once and cannot be undone."
    >
      <ApproveBody order={order} busy={busy} error={error} onApprove={approve} />
    </Dialog>
  );
}

/** The open dialog's content: mounted only while open, so the order is read only then. */
function ApproveBody({ order, busy, error, onApprove }: { order: AdminOrder; busy: boolean; error: string | null; onApprove: () => void }) {
  const detail = useAdminQuery<AdminOrderDetail>(adminApi.orderPath(order.id));
  // No payout of money M-Pesa never confirmed (PRODUCT-DECISIONS, Real money): say why, offer nothing to press.
  const refused = detail.data !== null && paymentUnverified(detail.data);
  return (
    <>
      <SettlementDetails order={order} detail={detail} action="Approve payout" />
      {refused && error !== catalogue.errors.paymentUnverified ? (
        <div className="admin-note admin-note--warning">
          <p>{catalogue.errors.paymentUnverified}</p>
        </div>
      ) : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <DialogActions>
        <Button onClick={onApprove} busy={busy} busyLabel="Approving…" disabled={refused}>
          Approve payout
        </Button>
        <DialogClose>Cancel</DialogClose>
      </DialogActions>
    </>
  );
}
