import { useState, type FormEvent } from 'react';
import { exportRangeSchema, parseOrFirstError } from '@escrow/core/validation';
import { Button } from '@escrow/ui/components/button';
import { Dialog, DialogActions, DialogClose } from '@escrow/ui/components/dialog';
import { FormAlert, TextField } from '@escrow/ui/components/form-field';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { adminText, localText, useAdminT } from '../../i18n/use-admin-t.ts';
import { withQuery } from '../../shared/admin-api.ts';
import { downloadCsv } from './download-csv.ts';

/** Today in Nairobi as YYYY-MM-DD (en-CA writes dates that way), for the file name. */
const nairobiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/**
 * Export Data (spec section 9: the orders as CSV, eleven columns then the payment receipt and
 * the payout's reference and state, built by the server). With
 * thousands of orders an admin usually wants a period, so the button opens a dialog with two
 * optional days (Nairobi time, both included); left empty, every order is exported.
 */
export function ExportDataDialog() {
  const t = useAdminT();
  const { accessLost } = useAdminScreen();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState({ from: '', to: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parseOrFirstError(exportRangeSchema, range);
    if (!parsed.ok) return setError(localText(parsed.message));
    setError(null);
    setBusy(true);
    const path = withQuery(adminApi.exportPath(), { from: parsed.value.from, to: parsed.value.to });
    void downloadCsv(path, `escrow-orders-${nairobiToday()}.csv`).then((outcome) => {
      setBusy(false);
      if (outcome.ok) {
        setOpen(false);
        showToast(adminText('catalogue.admin.dataExported'));
        return;
      }
      if (outcome.status === 401 || outcome.status === 403) return accessLost();
      console.warn('The export failed', outcome.status);
      setError(outcome.status === 503 ? adminText('catalogue.errors.serviceUnavailable') : outcome.status === 400 && outcome.message ? localText(outcome.message) : adminText('admin.export.failed'));
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
        <button type="button" className="button button--secondary">
          {t('admin.export.button')}
        </button>
      }
      title={t('admin.export.button')}
      description={t('admin.export.description')}
    >
      <form className="form" noValidate onSubmit={submit}>
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        <div className="form-row">
          <TextField label={t('admin.export.from')} name="from" type="date" value={range.from} onValueChange={(from) => setRange((current) => ({ ...current, from }))} hint={t('admin.export.fromHint')} />
          <TextField label={t('admin.export.to')} name="to" type="date" value={range.to} onValueChange={(to) => setRange((current) => ({ ...current, to }))} hint={t('admin.export.toHint')} />
        </div>
        <DialogActions>
          <Button type="submit" busy={busy} busyLabel={t('admin.export.busy')}>
            {t('admin.export.submit')}
          </Button>
          <DialogClose>{t('admin.cancel')}</DialogClose>
        </DialogActions>
      </form>
    </Dialog>
  );
}
