import { useState } from 'react';
import { catalogue } from '@escrow/core/messages';
import { showToast } from '@escrow/ui/toast/show-toast';
import { adminApi } from '../../shared/admin-api.ts';
import { useAdminScreen } from '../../shared/admin-context.ts';
import { downloadCsv } from './download-csv.ts';

const EXPORT_FAILED = 'Failed to export data. Please try again.';

/** Today in Nairobi as YYYY-MM-DD (en-CA writes dates that way), for the file name. */
const nairobiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/** Export Data (spec section 9): every order as CSV, 11 columns, built by the server. */
export function ExportDataButton() {
  const { accessLost } = useAdminScreen();
  const [busy, setBusy] = useState(false);
  const exportData = () => {
    if (busy) return;
    setBusy(true);
    void downloadCsv(adminApi.exportPath(), `escrow-orders-${nairobiToday()}.csv`).then((outcome) => {
      setBusy(false);
      if (outcome.ok) return showToast(catalogue.admin.dataExported);
      if (outcome.status === 401 || outcome.status === 403) return accessLost();
      console.warn('The export failed', outcome.status);
      showToast(EXPORT_FAILED, 'error');
    });
  };
  return (
    <button type="button" className="button button--secondary" onClick={exportData} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Exporting…' : 'Export Data'}
    </button>
  );
}
