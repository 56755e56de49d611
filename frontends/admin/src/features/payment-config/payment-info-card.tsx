import { useState } from 'react';
import { FormAlert } from '@escrow/ui/components/form-field';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminText, useAdminT } from '../../i18n/use-admin-t.ts';
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
  const t = useAdminT();
  const config = useAdminQuery<PaymentConfigAnswer>(adminApi.paymentConfigPath());
  // null: not editing, the inputs show what is saved.
  const [draft, setDraft] = useState<PaymentConfigFields | null>(null);
  const saved = config.data?.config;
  const save = useSavePaymentConfig(draft ?? fieldsOf(saved), t('catalogue.admin.updatePaymentInformationFailed'), () => {
    setDraft(null);
    showToast(adminText('catalogue.sellerProfile.paymentInformationUpdated'));
  });

  let body;
  if (config.failed && config.data === null) body = <FailedPart title={t('admin.failed.paymentInfo')} onRetry={config.reload} unavailable={config.unavailable} />;
  else if (!saved) body = <LoadingPart label={t('admin.info.loading')} />;
  else {
    const editing = draft !== null;
    body = (
      <form className="form" noValidate onSubmit={save.onSubmit}>
        {save.error ? <FormAlert tone="error">{save.error}</FormAlert> : null}
        <PaymentConfigInputs fields={draft ?? fieldsOf(saved)} onChange={setDraft} disabled={!editing} />
        <p className="section-note">
          {configSourceText(t, saved)}
          {saved.updatedAt
            ? ` ${saved.updatedByEmail ? t('admin.config.updatedBy', { time: formatNairobiDateTime(saved.updatedAt), email: saved.updatedByEmail }) : t('admin.config.updated', { time: formatNairobiDateTime(saved.updatedAt) })}`
            : ''}
        </p>
        {editing ? (
          // Keys: React must not turn the clicked 'Edit Payment Info' button into this submit
          // button in place, or the browser would submit the form at the end of that click.
          <div className="form-actions" key="editing">
            <button type="submit" className="button" disabled={save.busy} aria-busy={save.busy || undefined}>
              {save.busy ? t('admin.info.saving') : t('admin.info.save')}
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
              {t('admin.cancel')}
            </button>
          </div>
        ) : (
          <div className="form-actions" key="reading">
            <button type="button" className="button" onClick={() => setDraft(fieldsOf(saved))}>
              {t('admin.info.edit')}
            </button>
          </div>
        )}
      </form>
    );
  }

  return (
    <section className="admin-card" aria-labelledby="payment-info-title">
      <h2 id="payment-info-title" className="admin-card__title">
        {t('admin.info.title')}
      </h2>
      <p className="section-note">{t('admin.info.note')}</p>
      {body}
    </section>
  );
}
