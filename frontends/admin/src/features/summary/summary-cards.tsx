import { formatKsh } from '@escrow/ui/format/format-ksh';
import { adminApi } from '../../shared/admin-api.ts';
import type { AdminSummary } from '../../shared/admin-types.ts';
import { FailedPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';

interface Card {
  readonly title: string;
  readonly value: (summary: AdminSummary) => string;
  readonly note?: (summary: AdminSummary) => string;
  /** A second line only when it says something the note does not. */
  readonly detail?: (summary: AdminSummary) => string | null;
}

const count = (value: number) => value.toLocaleString('en-KE');

/** Spec section 2: the six cards, in this order. */
const CARDS: readonly Card[] = [
  { title: 'Total Orders', value: (s) => count(s.totalOrders) },
  { title: 'Revenue', value: (s) => formatKsh(s.revenueCents), note: () => '2.5% fees' },
  {
    title: 'Awaiting Settlement',
    value: (s) => count(s.awaitingSettlement.count),
    note: (s) => `${formatKsh(s.awaitingSettlement.payoutCents)} in seller and rider payouts`,
    detail: (s) => {
      const owed = s.awaitingSettlement.owedCents;
      return owed !== undefined && owed !== s.awaitingSettlement.payoutCents ? `${formatKsh(owed)} to pay out; buyers paid the rest of the riders' fees at the door` : null;
    },
  },
  { title: 'Completed', value: (s) => count(s.completed) },
  { title: 'Total Sellers', value: (s) => count(s.totalSellers) },
  { title: 'Pending Contacts', value: (s) => count(s.pendingContacts) },
];

/** The figures over all orders, sellers and contact messages, computed by the server. */
export function SummaryCards() {
  const summary = useAdminQuery<AdminSummary>(adminApi.summaryPath());
  if (summary.failed && summary.data === null) return <FailedPart what="the summary" onRetry={summary.reload} unavailable={summary.unavailable} />;
  const data = summary.data;
  return (
    <section aria-labelledby="summary-title" aria-busy={summary.loading || undefined}>
      <h2 id="summary-title" className="visually-hidden">
        Summary
      </h2>
      {summary.failed ? <NotCurrentNote onRetry={summary.reload} /> : null}
      <ul className="summary-cards">
        {CARDS.map((card) => (
          <li key={card.title} className="summary-card">
            <p className="summary-card__title">{card.title}</p>
            <p className="summary-card__value">
              {data ? card.value(data) : '…'}
            </p>
            {card.note ? <p className="summary-card__note">{data ? card.note(data) : '\u00a0'}</p> : null}
            {data && card.detail?.(data) ? <p className="summary-card__detail">{card.detail(data)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
