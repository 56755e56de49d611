import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import type { PaymentConfig, PaymentConfigAnswer } from '../../shared/admin-types.ts';
import { FailedPart } from '../../shared/inline-state.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { fieldsOf, PaymentConfigInputs } from './payment-config-fields.tsx';
import { useSavePaymentConfig } from './use-save-payment-config.ts';

/** The header's Payment Config button and its dialog (spec section 2). */
export function PaymentConfigDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="button button--secondary">
          Payment Config
        </button>
      }
      title="Payment Configuration"
      description="These M-Pesa Paybill details are shown to all buyers when they confirm their orders. Check them carefully: buyers send their money here."
    >
      <DialogBody onSaved={() => setOpen(false)} />
    </Dialog>
  );
}

/** Mounted while the dialog is open: reads the saved values each time it opens. */
function DialogBody({ onSaved }: { onSaved: () => void }) {
  const config = useAdminQuery<PaymentConfigAnswer>(adminApi.paymentConfigPath());
  if (config.failed && config.data === null) return <FailedPart what="the payment configuration" onRetry={config.reload} unavailable={config.unavailable} />;
  if (config.data === null) return <LoadingState label="Loading payment configuration…" />;
  return <DialogForm saved={config.data.config} onSaved={onSaved} />;
}

function DialogForm({ saved, onSaved }: { saved: PaymentConfig; onSaved: () => void }) {
  const [fields, setFields] = useState(() => fieldsOf(saved));
  const save = useSavePaymentConfig(fields, catalogue.admin.updatePaymentConfigurationFailed, () => {
    showToast(catalogue.admin.paymentConfigurationUpdated);
    onSaved();
  });
  return (
    <form className="form" noValidate onSubmit={save.onSubmit}>
      {save.error ? <FormAlert tone="error">{save.error}</FormAlert> : null}
      <PaymentConfigInputs fields={fields} onChange={setFields} />
      <DialogActions>
        <Button type="submit" busy={save.busy} busyLabel="Updating...">
          Update Payment Configuration
        </Button>
        <DialogClose disabled={save.busy}>Cancel</DialogClose>
      </DialogActions>
    </form>
  );
}
