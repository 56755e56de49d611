import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { SellerDashboardView } from '../../shared/orders-api.ts';

/** A ratio in 1/100 % as people read it: 7500 -> '75%', 6667 -> '66.67%'. */
function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** A rating in tenths: 43 -> '4.3'. */
const ratingText = (tenths: number): string => `${Math.trunc(tenths / 10)}.${tenths % 10}`;

/**
 * The stats cards of spec section 9, with the rules of docs/decisions/0020: revenue is what was
 * settled to the seller; the average is over settled orders.
 */
export function StatsCards({ stats }: { stats: SellerDashboardView }) {
  const cards = [
    { label: 'Total orders', value: String(stats.totalOrders) },
    { label: 'Pending payment', value: String(stats.pendingOrders), note: 'Buyer has not paid yet' },
    { label: 'Completed', value: String(stats.completedOrders) },
    { label: 'Revenue', value: formatKsh(stats.revenue), note: 'Settled to you' },
    { label: 'Average order value', value: formatKsh(stats.averageOrderValue), note: 'Per settled order' },
    { label: 'Completion rate', value: percentText(stats.completionRateBasisPoints) },
    {
      label: 'Seller rating',
      value: stats.averageSellerRatingTenths === null ? 'No ratings yet' : `${ratingText(stats.averageSellerRatingTenths)} / 5`,
      note: stats.sellerRatingCount > 0 ? `From ${stats.sellerRatingCount} ${stats.sellerRatingCount === 1 ? 'rating' : 'ratings'}` : undefined,
    },
  ];
  return (
    <section className="dashboard-section" aria-labelledby="stats-title" data-tour="stats">
      <h2 id="stats-title" className="dashboard-section__title">
        Your numbers
      </h2>
      <dl className="stats-grid">
        {cards.map((card) => (
          <div key={card.label} className="stat-card">
            <dt className="stat-card__label">{card.label}</dt>
            <dd className="stat-card__value">{card.value}</dd>
            {card.note ? <dd className="stat-card__note">{card.note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
