import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { localText, useAdminT, type AdminT } from '../../i18n/use-admin-t.ts';
import type { AdminPayout, PayoutReconciliation } from '../../shared/admin-types.ts';
import { FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import type { AdminQuery } from '../../shared/use-admin-query.ts';

/**
 * The reconciliation (GET /api/admin/payouts/reconciliation): what the ledger holds with M-Pesa
 * for payouts against the payouts M-Pesa has not answered yet, the payouts counted, and every
 * mismatch in words ("anything unmatched shows on the admin screen"), named by its order when
 * one of the lists shows it.
 */
export function ReconciliationSummary({ query, known }: { query: AdminQuery<PayoutReconciliation>; known: readonly AdminPayout[] }) {
  const t = useAdminT();
  if (query.failed && query.data === null) return <FailedPart title={t('admin.failed.reconciliation')} onRetry={query.reload} unavailable={query.unavailable} />;
  if (query.data === null) return <LoadingPart label={t('admin.reconciliation.checking')} />;
  const countOf = (count: number) => t('admin.reconciliation.count', { count });
  const report = query.data;
  const balanced = report.clearingInLedger === report.inFlight;
  return (
    <div className="admin-card reconciliation">
      {query.failed ? <NotCurrentNote onRetry={query.reload} /> : null}
      <dl className="detail-list detail-list--grid">
        <div>
          <dt>{t('admin.reconciliation.inLedger')}</dt>
          <dd>{formatKsh(report.clearingInLedger)}</dd>
        </div>
        <div>
          <dt>{t('admin.reconciliation.inFlight')}</dt>
          <dd>
            {formatKsh(report.inFlight)} <span className="muted">({countOf(report.payouts.inFlight)})</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.reconciliation.succeeded')}</dt>
          <dd>{countOf(report.payouts.succeeded)}</dd>
        </div>
        <div>
          <dt>{t('admin.reconciliation.failed')}</dt>
          <dd>{countOf(report.payouts.failed)}</dd>
        </div>
        <div>
          <dt>{t('admin.reconciliation.checked')}</dt>
          <dd>
            {formatNairobiDateTime(report.checkedAt)} <span className="muted">{t('admin.reconciliation.inAll', { count: report.payouts.total })}</span>
          </dd>
        </div>
      </dl>
      <p className={balanced ? 'reconciliation__verdict' : 'reconciliation__verdict reconciliation__verdict--off'}>
        {balanced ? t('admin.reconciliation.balanced') : t('admin.reconciliation.unbalanced')}
      </p>
      {report.unmatched.length === 0 ? (
        <p className="reconciliation__verdict">{t('admin.reconciliation.nothingUnmatched')}</p>
      ) : (
        <ul className="reconciliation__unmatched" aria-label={t('admin.reconciliation.unmatched')}>
          {report.unmatched.map((item, index) => (
            <li key={`${item.payoutId ?? 'ledger'}-${index}`}>
              <span className="refund-card__label">{whatOf(t, item, known)}: </span>
              {localText(item.problem)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The order a mismatch is about, by tracking number where a list shows it; the ledger's own otherwise. */
function whatOf(t: AdminT, item: PayoutReconciliation['unmatched'][number], known: readonly AdminPayout[]): string {
  if (item.payoutId === null) return t('admin.reconciliation.ledger');
  const payout = known.find((p) => p.id === item.payoutId);
  if (payout?.trackingNumber) return t(`admin.reconciliation.of.${payout.purpose}`, { tracking: payout.trackingNumber });
  return t('admin.reconciliation.payout', { id: item.payoutId.slice(0, 8) });
}
