import { useState } from 'react';
import { FormAlert } from '@escrow/ui/components/form-field';
import { notify } from '@escrow/ui/toast/show-toast';
import { failureText } from '../../shared/failure-text.ts';
import { newIdempotencyKey } from '@escrow/ui/api/idempotency-key';
import { ordersApi, type SellerOrderView } from '../../shared/orders-api.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';

/**
 * After 5 wrong delivery codes the rider can enter no more (PRODUCT-DECISIONS, Access) until
 * the seller or an admin unlocks it. The seller should first speak to the buyer and rider.
 */
export function UnlockCodeCard({ order, onChanged }: { order: SellerOrderView; onChanged: () => Promise<void> }) {
  const t = useSellerT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unlock = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const failed = t('seller.unlock.failed');
    void ordersApi.unlockCode(order.id, failed, newIdempotencyKey()).then(async (result) => {
      if (!result.ok) {
        setBusy(false);
        return setError(failureText(result, failed));
      }
      await onChanged();
      setBusy(false);
      notify({ title: result.data.message ? localText(result.data.message) : t('seller.unlock.done'), tone: 'success' });
    });
  };
  return (
    <section className="seller-card seller-card--warning" aria-labelledby="code-locked-title">
      <h2 id="code-locked-title" className="seller-card__title">
        {t('seller.unlock.title')}
      </h2>
      <p>{t('seller.unlock.body')}</p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <button type="button" className="button" onClick={unlock} disabled={busy}>
        {busy ? t('seller.unlock.busy') : t('seller.unlock.button')}
      </button>
    </section>
  );
}
