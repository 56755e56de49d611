import { useState, type FormEvent } from 'react';
// An M-Pesa transaction code, 10 letters and digits (e.g. NLJ7RT61SV): the core's receipt rule; the server checks it again.
import { MPESA_RECEIPT_PATTERN as MPESA_REFERENCE } from '@escrow/core/rules';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, TextField } from '@escrow/ui/components/form-field';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { isRetryable, OnceKeys } from '../../shared/admin-request.ts';
import type { AdminPayout } from '../../shared/admin-types.ts';
import { PURPOSE_LABELS } from './payout-words.ts';

const keys = new OnceKeys();

export const REFERENCE_REQUIRED = 'Enter the 10-character M-Pesa reference of the payout';
const RECORD_FAILED = 'Failed to record the M-Pesa reference';

/**
 * 'Record M-Pesa reference': a payout paid by hand outside Daraja (no Daraja on this server, or
 * one M-Pesa failed that was paid another way). Only for a payout M-Pesa does not have (waiting,
 * queued or failed): the server refuses one whose fate is still open, in words shown here.
 */
export function RecordReferenceDialog({ payout, label }: { payout: AdminPayout; label: string }) {
  const { refresh, accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = `record:${payout.id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const reference = value.replace(/\s+/g, '').toUpperCase();
    if (!MPESA_REFERENCE.test(reference)) {
      setError(REFERENCE_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    void adminApi.recordPayoutReference(payout.id, reference, keys.keyFor(action), RECORD_FAILED).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        setValue('');
        showToast(result.data.message);
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(result.message);
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
        <button type="button" className="button button--secondary" aria-label={`Record M-Pesa reference: ${label}`}>
          Record M-Pesa reference
        </button>
      }
      title="Record M-Pesa reference"
      description="Pay this by hand first (M-Pesa portal or app), then record the M-Pesa reference of that payment here. M-Pesa is then not asked to pay it. Recorded once."
    >
      <dl className="detail-list">
        <div>
          <dt>{PURPOSE_LABELS[payout.purpose]}</dt>
          <dd>
            {formatKsh(payout.amount)}
            {payout.itemName ? (
              <span className="muted">
                {' '}
                for {payout.itemName} ({payout.trackingNumber})
              </span>
            ) : null}
          </dd>
        </div>
        {payout.destination ? (
          <div>
            <dt>Sent to</dt>
            <dd>{payout.destination}</dd>
          </div>
        ) : null}
        <div>
          <dt>State</dt>
          <dd>{payout.stateLabel}</dd>
        </div>
      </dl>
      <form className="form" noValidate onSubmit={submit}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label="M-Pesa reference of the payout"
          name="reference"
          required
          maxLength={14}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          onValueChange={setValue}
          invalid={error !== null}
          hint="10 letters and digits, from the M-Pesa message of the payment you made, e.g. NLJ7RT61SV."
        />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel="Recording…">
            Record reference
          </Button>
          <DialogClose>Cancel</DialogClose>
        </DialogActions>
      </form>
    </Dialog>
  );
}
