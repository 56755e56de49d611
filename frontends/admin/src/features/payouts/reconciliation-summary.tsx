import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
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
  if (query.failed && query.data === null) return <FailedPart what="the reconciliation" onRetry={query.reload} unavailable={query.unavailable} />;
  if (query.data === null) return <LoadingPart label="Checking the payouts…" />;
  const report = query.data;
  const balanced = report.clearingInLedger === report.inFlight;
  return (
    <div className="admin-card reconciliation">
      {query.failed ? <NotCurrentNote onRetry={query.reload} /> : null}
      <dl className="detail-list detail-list--grid">
        <div>
          <dt>With M-Pesa, in the ledger</dt>
          <dd>{formatKsh(report.clearingInLedger)}</dd>
        </div>
        <div>
          <dt>Payouts in flight</dt>
          <dd>
            {formatKsh(report.inFlight)} <span className="muted">({countOf(report.payouts.inFlight)})</span>
          </dd>
        </div>
        <div>
          <dt>Paid by M-Pesa</dt>
          <dd>{countOf(report.payouts.succeeded)}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{countOf(report.payouts.failed)}</dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>
            {formatNairobiDateTime(report.checkedAt)} <span className="muted">({countOf(report.payouts.total)} in all)</span>
          </dd>
        </div>
      </dl>
      <p className={balanced ? 'reconciliation__verdict' : 'reconciliation__verdict reconciliation__verdict--off'}>
        {balanced ? 'The ledger and the payouts in flight agree.' : 'The ledger and the payouts in flight do not agree: see below.'}
      </p>
      {report.unmatched.length === 0 ? (
        <p className="reconciliation__verdict">Nothing unmatched: the ledger, the payouts and what M-Pesa reported agree.</p>
      ) : (
        <ul className="reconciliation__unmatched" aria-label="Unmatched">
          {report.unmatched.map((item, index) => (
            <li key={`${item.payoutId ?? 'ledger'}-${index}`}>
              <span className="refund-card__label">{whatOf(item, known)}: </span>
              {item.problem}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const countOf = (n: number) => `${n.toLocaleString('en-KE')} ${n === 1 ? 'payout' : 'payouts'}`;

/** The order a mismatch is about, by tracking number where a list shows it; the ledger's own otherwise. */
function whatOf(item: PayoutReconciliation['unmatched'][number], known: readonly AdminPayout[]): string {
  if (item.payoutId === null) return 'Ledger';
  const payout = known.find((p) => p.id === item.payoutId);
  if (payout?.trackingNumber) return `${payout.purpose === 'rider' ? 'Rider' : payout.purpose === 'refund' ? 'Refund' : 'Seller'} payout of ${payout.trackingNumber}`;
  return `Payout ${item.payoutId.slice(0, 8)}`;
}
