import { adminApi } from '../../shared/admin-api.ts';
import type { AdminPayout, PayoutReconciliation, PayoutsAnswer } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { usePollWhile } from '../../shared/use-poll-while.ts';
import { useAdminQuery, type AdminQuery } from '../../shared/use-admin-query.ts';
import { PayoutList } from './payout-card.tsx';
import { isMoving, MODE_TEXT } from './payout-words.ts';
import { ReconciliationSummary } from './reconciliation-summary.tsx';

const RECENT = 20;

/**
 * The Payouts tab (issue 17): first what needs a person (payouts M-Pesa failed, or whose fate is
 * being checked), with Retry and Record M-Pesa reference; then the reconciliation of the money
 * with M-Pesa against the payouts, with anything unmatched in words; then the latest payouts.
 * `escrow-admin payouts list --failed` and `payouts reconcile` print the same.
 */
export function PayoutsTab() {
  const attention = useAdminQuery<PayoutsAnswer>(adminApi.payoutsPath({ failed: true, limit: 100 }));
  const recent = useAdminQuery<PayoutsAnswer>(adminApi.payoutsPath({ limit: RECENT }));
  const reconciliation = useAdminQuery<PayoutReconciliation>(adminApi.reconciliationPath());
  const moving = [attention, recent].some((query) => query.data?.payouts.some(isMoving) ?? false);
  usePollWhile(moving, () => {
    attention.reload();
    recent.reload();
    reconciliation.reload();
  });
  const mode = attention.data?.mode ?? recent.data?.mode;
  // The orders the reconciliation's problems are about, where a list names them.
  const known = [...(attention.data?.payouts ?? []), ...(recent.data?.payouts ?? [])];

  return (
    <section className="admin-section" aria-labelledby="payouts-title">
      <div className="admin-section__header">
        <h2 id="payouts-title">Payouts</h2>
        {mode ? <p className="section-note">{MODE_TEXT[mode]}</p> : null}
      </div>
      <h2 id="payouts-attention-title" className="admin-subtitle">
        Failed and unknown payouts
      </h2>
      <AttentionList query={attention} />
      <h2 id="reconciliation-title" className="admin-subtitle">
        Reconciliation
      </h2>
      <ReconciliationSummary query={reconciliation} known={known} />
      <h2 id="recent-payouts-title" className="admin-subtitle">
        Latest payouts
      </h2>
      <RecentList query={recent} shown={attention.data?.payouts ?? []} />
    </section>
  );
}

function AttentionList({ query }: { query: AdminQuery<PayoutsAnswer> }) {
  if (query.failed && query.data === null) return <FailedPart what="the failed payouts" onRetry={query.reload} unavailable={query.unavailable} />;
  if (query.data === null) return <LoadingPart label="Loading failed payouts…" />;
  if (query.data.payouts.length === 0) return <EmptyPart title="No failed payouts.">Every payout is paid or on its way.</EmptyPart>;
  return (
    <>
      {query.failed ? <NotCurrentNote onRetry={query.reload} /> : null}
      <PayoutList payouts={query.data.payouts} label="Failed and unknown payouts" withOrder />
    </>
  );
}

/** The latest payouts, without those already listed above. */
function RecentList({ query, shown }: { query: AdminQuery<PayoutsAnswer>; shown: readonly AdminPayout[] }) {
  if (query.failed && query.data === null) return <FailedPart what="the latest payouts" onRetry={query.reload} unavailable={query.unavailable} />;
  if (query.data === null) return <LoadingPart label="Loading payouts…" />;
  const rest = query.data.payouts.filter((payout) => !shown.some((other) => other.id === payout.id));
  if (rest.length === 0) return <EmptyPart title={query.data.payouts.length === 0 ? 'No payouts yet.' : 'No other payouts.'} />;
  return (
    <>
      {query.failed ? <NotCurrentNote onRetry={query.reload} /> : null}
      <PayoutList payouts={rest} label="Latest payouts" withOrder />
    </>
  );
}
