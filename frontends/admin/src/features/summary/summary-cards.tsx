import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useAdminT, type AdminT, type AdminText } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminSummary } from '../../shared/admin-types.ts';
import { FailedPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';

interface Card {
  readonly title: AdminText;
  readonly value: (summary: AdminSummary) => string;
  readonly note?: (summary: AdminSummary, t: AdminT) => string;
  /** A second line only when it says something the note does not. */
  readonly detail?: (summary: AdminSummary, t: AdminT) => string | null;
}

const count = (value: number) => value.toLocaleString('en-KE');

/** Spec section 2: the six cards, in this order. */
const CARDS: readonly Card[] = [
  { title: 'admin.summary.totalOrders', value: (s) => count(s.totalOrders) },
  { title: 'admin.summary.revenue', value: (s) => formatKsh(s.revenueCents), note: (_, t) => t('admin.summary.fees') },
  {
    title: 'admin.summary.awaitingSettlement',
    value: (s) => count(s.awaitingSettlement.count),
    note: (s, t) => t('admin.summary.payouts', { amount: formatKsh(s.awaitingSettlement.payoutCents) }),
    detail: (s, t) => {
      const owed = s.awaitingSettlement.owedCents;
      return owed !== undefined && owed !== s.awaitingSettlement.payoutCents ? t('admin.summary.owed', { amount: formatKsh(owed) }) : null;
    },
  },
  { title: 'admin.summary.completed', value: (s) => count(s.completed) },
  { title: 'admin.summary.totalSellers', value: (s) => count(s.totalSellers) },
  { title: 'admin.summary.pendingContacts', value: (s) => count(s.pendingContacts) },
];

/** The figures over all orders, sellers and contact messages, computed by the server. */
export function SummaryCards() {
  const t = useAdminT();
  const summary = useAdminQuery<AdminSummary>(adminApi.summaryPath());
  if (summary.failed && summary.data === null) return <FailedPart title={t('admin.failed.summary')} onRetry={summary.reload} unavailable={summary.unavailable} />;
  const data = summary.data;
  return (
    <section aria-labelledby="summary-title" aria-busy={summary.loading || undefined}>
      <h2 id="summary-title" className="visually-hidden">
        {t('admin.summary.title')}
      </h2>
      {summary.failed ? <NotCurrentNote onRetry={summary.reload} /> : null}
      <ul className="summary-cards">
        {CARDS.map((card) => (
          <li key={card.title} className="summary-card">
            <p className="summary-card__title">{t(card.title)}</p>
            <p className="summary-card__value">
              {data ? card.value(data) : '…'}
            </p>
            {card.note ? <p className="summary-card__note">{data ? card.note(data, t) : '\u00a0'}</p> : null}
            {data && card.detail?.(data, t) ? <p className="summary-card__detail">{card.detail(data, t)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
