import { useState } from 'react';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminText, useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { PaymentConfig, PaymentConfigAnswer } from '../../shared/admin-types.ts';
import { FailedPart } from '../../shared/inline-state.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { fieldsOf, PaymentConfigInputs } from './payment-config-fields.tsx';
import { useSavePaymentConfig } from './use-save-payment-config.ts';

/** The header's Payment Config button and its dialog (spec section 2). */
export function PaymentConfigDialog() {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="button button--secondary">
          {t('admin.config.button')}
        </button>
      }
      title={t('admin.config.title')}
      description={t('admin.config.description')}
    >
      <DialogBody onSaved={() => setOpen(false)} />
    </Dialog>
  );
}

/** Mounted while the dialog is open: reads the saved values each time it opens. */
function DialogBody({ onSaved }: { onSaved: () => void }) {
  const t = useAdminT();
  const config = useAdminQuery<PaymentConfigAnswer>(adminApi.paymentConfigPath());
  if (config.failed && config.data === null) return <FailedPart title={t('admin.failed.paymentConfig')} onRetry={config.reload} unavailable={config.unavailable} />;
  if (config.data === null) return <LoadingState label={t('admin.config.loading')} />;
  return <DialogForm saved={config.data.config} onSaved={onSaved} />;
}

function DialogForm({ saved, onSaved }: { saved: PaymentConfig; onSaved: () => void }) {
  const t = useAdminT();
  const [fields, setFields] = useState(() => fieldsOf(saved));
  const save = useSavePaymentConfig(fields, t('catalogue.admin.updatePaymentConfigurationFailed'), () => {
    showToast(adminText('catalogue.admin.paymentConfigurationUpdated'));
    onSaved();
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      {save.error ? <FormAlert tone="error">{save.error}</FormAlert> : null}
      <PaymentConfigInputs fields={fields} onChange={setFields} />
      <DialogActions>
        <Button type="submit" busy={save.busy} busyLabel={t('admin.config.busy')}>
          {t('admin.config.submit')}
        </Button>
        <DialogClose disabled={save.busy}>{t('admin.cancel')}</DialogClose>
      </DialogActions>
    </form>
  );
}
