import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { FormAlert } from '@escrow/ui/components/form-field';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi, type PaymentConfigFields } from '../../shared/admin-api.ts';
import type { PaymentConfigAnswer } from '../../shared/admin-types.ts';
import { FailedPart, LoadingPart } from '../../shared/inline-state.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { configSourceText, fieldsOf, PaymentConfigInputs } from './payment-config-fields.tsx';
import { useSavePaymentConfig } from './use-save-payment-config.ts';

/**
 * The Admin tab's Payment Information card (spec section 4: read-only, then editing, then saved
 * or cancelled). The inputs stay disabled until 'Edit Payment Info'; Cancel reads the saved
 * values again from the server.
 */
export function PaymentInfoCard() {
  const config = useAdminQuery<PaymentConfigAnswer>(adminApi.paymentConfigPath());
  // null: not editing, the inputs show what is saved.
  const [draft, setDraft] = useState<PaymentConfigFields | null>(null);
  const saved = config.data?.config;
  const save = useSavePaymentConfig(draft ?? fieldsOf(saved), catalogue.admin.updatePaymentInformationFailed, () => {
    setDraft(null);
    showToast(catalogue.sellerProfile.paymentInformationUpdated);
  });

  let body;
  if (config.failed && config.data === null) body = <FailedPart what="the payment information" onRetry={config.reload} unavailable={config.unavailable} />;
  else if (!saved) body = <LoadingPart label="Loading payment information…" />;
  else {
    const editing = draft !== null;
    body = (
      <form className="form" noValidate onSubmit={save.onSubmit}>
        {save.error ? <FormAlert tone="error">{save.error}</FormAlert> : null}
        <PaymentConfigInputs fields={draft ?? fieldsOf(saved)} onChange={setDraft} disabled={!editing} />
        <p className="section-note">
          {configSourceText(saved)}
          {saved.updatedAt ? ` Last updated ${formatNairobiDateTime(saved.updatedAt)}${saved.updatedByEmail ? ` by ${saved.updatedByEmail}` : ''}.` : ''}
        </p>
        {editing ? (
          // Keys: React must not turn the clicked 'Edit Payment Info' button into this submit
          // button in place, or the browser would submit the form at the end of that click.
          <div className="form-actions" key="editing">
            <button type="submit" className="button" disabled={save.busy} aria-busy={save.busy || undefined}>
              {save.busy ? 'Saving…' : 'Save Changes'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={save.busy}
              onClick={() => {
                setDraft(null);
                save.setError(null);
                config.reload();
              }}
            >
              Cancel
            </button>
          </div>
        ) : (
          <div className="form-actions" key="reading">
            <button type="button" className="button" onClick={() => setDraft(fieldsOf(saved))}>
              Edit Payment Info
            </button>
          </div>
        )}
      </form>
    );
  }

  return (
    <section className="admin-card" aria-labelledby="payment-info-title">
      <h2 id="payment-info-title" className="admin-card__title">
        Payment Information
      </h2>
      <p className="section-note">The M-Pesa Paybill buyers pay into. It is shown to every buyer when they confirm an order.</p>
      {body}
    </section>
  );
}
