import { useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminPayout, PayoutReconciliation, PayoutsAnswer } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { usePollWhile } from '../../shared/use-poll-while.ts';
import { useAdminQuery, type AdminQuery } from '../../shared/use-admin-query.ts';
import { PayoutList } from './payout-card.tsx';
import { isMoving } from './payout-words.ts';
import { ReconciliationSummary } from './reconciliation-summary.tsx';

const RECENT = 20;

/**
 * The Payouts tab (issue 17): first what needs a person (payouts M-Pesa failed, or whose fate is
 * being checked), with Retry and Record M-Pesa reference; then the reconciliation of the money
 * with M-Pesa against the payouts, with anything unmatched in words; then the latest payouts.
 * `escrow-admin payouts list --failed` and `payouts reconcile` print the same.
 */
export function PayoutsTab() {
  const t = useAdminT();
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
        <h2 id="payouts-title">{t('admin.payouts.title')}</h2>
        {mode ? <p className="section-note">{t(`admin.payouts.mode.${mode}`)}</p> : null}
      </div>
      <h2 id="payouts-attention-title" className="admin-subtitle">
        {t('admin.payouts.attention')}
      </h2>
      <AttentionList query={attention} />
      <h2 id="reconciliation-title" className="admin-subtitle">
        {t('admin.payouts.reconciliation')}
      </h2>
      <ReconciliationSummary query={reconciliation} known={known} />
      <h2 id="recent-payouts-title" className="admin-subtitle">
        {t('admin.payouts.latest')}
      </h2>
      <RecentList query={recent} shown={attention.data?.payouts ?? []} />
    </section>
  );
}

function AttentionList({ query }: { query: AdminQuery<PayoutsAnswer> }) {
  const t = useAdminT();
  if (query.failed && query.data === null) return <FailedPart title={t('admin.failed.failedPayouts')} onRetry={query.reload} unavailable={query.unavailable} />;
  if (query.data === null) return <LoadingPart label={t('admin.payouts.loadingFailed')} />;
  if (query.data.payouts.length === 0) return <EmptyPart title={t('admin.payouts.noFailed')}>{t('admin.payouts.noFailedNote')}</EmptyPart>;
  return (
    <>
      {query.failed ? <NotCurrentNote onRetry={query.reload} /> : null}
      <PayoutList payouts={query.data.payouts} label={t('admin.payouts.attention')} withOrder />
    </>
  );
}

/** The latest payouts, without those already listed above. */
function RecentList({ query, shown }: { query: AdminQuery<PayoutsAnswer>; shown: readonly AdminPayout[] }) {
  const t = useAdminT();
  if (query.failed && query.data === null) return <FailedPart title={t('admin.failed.latestPayouts')} onRetry={query.reload} unavailable={query.unavailable} />;
  if (query.data === null) return <LoadingPart label={t('admin.payouts.loading')} />;
  const rest = query.data.payouts.filter((payout) => !shown.some((other) => other.id === payout.id));
  if (rest.length === 0) return <EmptyPart title={query.data.payouts.length === 0 ? t('admin.payouts.none') : t('admin.payouts.noOther')} />;
  return (
    <>
      {query.failed ? <NotCurrentNote onRetry={query.reload} /> : null}
      <PayoutList payouts={rest} label={t('admin.payouts.latest')} withOrder />
    </>
  );
}
