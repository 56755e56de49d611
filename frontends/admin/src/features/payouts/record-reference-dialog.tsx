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
import { isRetryable, OnceKeys } from '@escrow/api-client/write';
import { localText, useAdminT } from '../../i18n/use-admin-t.ts';
import type { AdminPayout } from '../../shared/admin-types.ts';
import { purposeLabel, stateLabel } from './payout-words.ts';

const keys = new OnceKeys();


/**
 * 'Record M-Pesa reference': a payout paid by hand outside Daraja (no Daraja on this server, or
 * one M-Pesa failed that was paid another way). Only for a payout M-Pesa does not have (waiting,
 * queued or failed): the server refuses one whose fate is still open, in words shown here.
 */
export function RecordReferenceDialog({ payout, label }: { payout: AdminPayout; label: string }) {
  const t = useAdminT();
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
      setError(t('admin.record.required'));
      return;
    }
    setBusy(true);
    setError(null);
    void adminApi.recordPayoutReference(payout.id, reference, keys.keyFor(action), t('admin.record.failed')).then((result) => {
      setBusy(false);
      if (!isRetryable(result)) keys.settled(action);
      if (result.ok) {
        setOpen(false);
        setValue('');
        showToast(localText(result.data.message));
        refresh();
        return;
      }
      if (result.status === 401 || result.status === 403) return accessLost();
      setError(localText(result.message));
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
        <button type="button" className="button button--secondary" aria-label={t('admin.record.for', { payout: label })}>
          {t('admin.record')}
        </button>
      }
      title={t('admin.record')}
      description={t('admin.record.description')}
    >
      <dl className="detail-list">
        <div>
          <dt>{purposeLabel(t, payout.purpose)}</dt>
          <dd>
            {formatKsh(payout.amount)}
            {payout.itemName ? (
              <span className="muted">
                {' '}
                {t('admin.record.forItem', { item: payout.itemName, tracking: payout.trackingNumber })}
              </span>
            ) : null}
          </dd>
        </div>
        {payout.destination ? (
          <div>
            <dt>{t('admin.record.sentTo')}</dt>
            <dd>{payout.destination}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('admin.record.state')}</dt>
          <dd>{stateLabel(t, payout.state)}</dd>
        </div>
      </dl>
      <form className="form" noValidate onSubmit={submit}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <TextField
          label={t('admin.record.label')}
          name="reference"
          required
          maxLength={14}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          onValueChange={setValue}
          invalid={error !== null}
          hint={t('admin.record.hint')}
        />
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel={t('admin.record.busy')}>
            {t('admin.record.submit')}
          </Button>
          <DialogClose>{t('admin.cancel')}</DialogClose>
        </DialogActions>
      </form>
    </Dialog>
  );
}
