import { useState } from 'react';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import { localText, useAdminT } from '../../i18n/use-admin-t.ts';
import type { AdminPayout } from '../../shared/admin-types.ts';

const keys = new OnceKeys();

interface RetryPayoutButtonProps {
  payout: AdminPayout;
  /** Names the payout for a screen reader ('Seller payout of TRK...'). */
  label: string;
  /** The server's refusal in words, or null once a retry went through. */
  onError: (message: string | null) => void;
}

/**
 * 'Retry' a failed payout: M-Pesa is asked again with a new OriginatorConversationID (the failed
 * attempt paid nothing). One request per attempt: the button is disabled while it is sent, and
 * the same Idempotency-Key goes again after a lost answer, so a double click queues it once.
 */
export function RetryPayoutButton({ payout, label, onError }: RetryPayoutButtonProps) {
  const t = useAdminT();
  const { refresh, accessLost } = useAdminScreen();
  const [busy, setBusy] = useState(false);
  const action = `retry:${payout.id}:${payout.attempt}`;

  const retry = () => {
    if (busy) return;
    setBusy(true);
    onError(null);
    void adminApi.retryPayout(payout.id, keys.keyFor(action), t('admin.retry.failed')).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        showToast(localText(result.data.message));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      onError(localText(result.message));
      // Retried or paid meanwhile (another admin, the CLI): the card will show it.
      if (result.status === 409) refresh();
    });
  };

  return (
    <button type="button" className="button" onClick={retry} disabled={busy} aria-busy={busy || undefined} aria-label={t('admin.retry.for', { payout: label })}>
      {busy ? t('admin.retry.busy') : t('admin.retry')}
    </button>
  );
}
