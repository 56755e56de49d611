import { useState } from 'react';
import { FormAlert } from '@escrow/ui/components/form-field';
import { notify } from '@escrow/ui/toast/show-toast';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type SellerOrderView } from '../../shared/orders-api.ts';

const UNLOCK_FAILED = 'Failed to unlock the delivery code';

/**
 * After 5 wrong delivery codes the rider can enter no more (PRODUCT-DECISIONS, Access) until
 * the seller or an admin unlocks it. The seller should first speak to the buyer and rider.
 */
export function UnlockCodeCard({ order, onChanged }: { order: SellerOrderView; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unlock = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    void ordersApi.unlockCode(order.id, UNLOCK_FAILED, newIdempotencyKey()).then(async (result) => {
      if (!result.ok) {
        setBusy(false);
        return setError(failureText(result, UNLOCK_FAILED));
      }
      await onChanged();
      setBusy(false);
      notify({ title: result.data.message ?? 'Delivery code entry unlocked', tone: 'success' });
    });
  };
  return (
    <section className="seller-card seller-card--warning" aria-labelledby="code-locked-title">
      <h2 id="code-locked-title" className="seller-card__title">
        Delivery code locked
      </h2>
      <p>Too many wrong delivery codes were entered for this order, so the rider cannot enter the code. Call the buyer and the rider before you unlock it.</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <button type="button" className="button" onClick={unlock} disabled={busy}>
        {busy ? 'Unlocking…' : 'Unlock code'}
      </button>
    </section>
  );
}
