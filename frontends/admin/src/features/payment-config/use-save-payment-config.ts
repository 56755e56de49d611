import { useState, type FormEvent } from 'react';
import { paymentConfigSchema, parseOrFirstError } from '@escrow/core/validation';
import { localText } from '../../i18n/use-admin-t.ts';
import { adminApi, type PaymentConfigFields } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import type { PaymentConfig } from '../../shared/admin-types.ts';

const keys = new OnceKeys();

/**
 * Saves the Paybill settings: the shared schema first (the server checks the same one; the
 * first failing message is shown, 'Please fill in all payment information' when one is empty),
 * then PUT /api/admin/payment-config. Typed values stay on an error.
 */
export function useSavePaymentConfig(fields: PaymentConfigFields, failedMessage: string, onSaved: (config: PaymentConfig) => void) {
  const { refresh, accessLost } = useAdminScreen();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseOrFirstError(paymentConfigSchema, fields);
    if (!parsed.ok) {
      setError(localText(parsed.message));
      return;
    }
    setError(null);
    setBusy(true);
    // One key per distinct set of values: a retry of the same save is answered as done.
    const action = JSON.stringify(parsed.value);
    void adminApi.updatePaymentConfig(parsed.value, keys.keyFor(action), failedMessage).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        onSaved(result.data.config);
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(localText(result.message));
    });
  };

  return { busy, error, setError, onSubmit };
}
