import { formatKsh } from '@escrow/ui/format/format-ksh';
import type { SellerDashboardView } from '../../shared/orders-api.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';

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
  const t = useSellerT();
  const cards = [
    { key: 'total', label: t('seller.stats.totalOrders'), value: String(stats.totalOrders) },
    { key: 'pending', label: t('seller.stats.pending'), value: String(stats.pendingOrders), note: t('seller.stats.pendingNote') },
    { key: 'completed', label: t('seller.stats.completed'), value: String(stats.completedOrders) },
    { key: 'revenue', label: t('seller.stats.revenue'), value: formatKsh(stats.revenue), note: t('seller.stats.revenueNote') },
    { key: 'average', label: t('seller.stats.average'), value: formatKsh(stats.averageOrderValue), note: t('seller.stats.averageNote') },
    { key: 'completion', label: t('seller.stats.completionRate'), value: percentText(stats.completionRateBasisPoints) },
    {
      key: 'rating',
      label: t('seller.stats.rating'),
      value: stats.averageSellerRatingTenths === null ? t('seller.stats.noRatings') : `${ratingText(stats.averageSellerRatingTenths)} / 5`,
      note: stats.sellerRatingCount > 0 ? t('seller.stats.ratingCount', { count: stats.sellerRatingCount }) : undefined,
    },
  ];
  return (
    <section className="dashboard-section" aria-labelledby="stats-title" data-tour="stats">
      <h2 id="stats-title" className="dashboard-section__title">
        {t('seller.stats.title')}
      </h2>
      <dl className="stats-grid">
        {cards.map((card) => (
          <div key={card.key} className="stat-card">
            <dt className="stat-card__label">{card.label}</dt>
            <dd className="stat-card__value">{card.value}</dd>
            {card.note ? <dd className="stat-card__note">{card.note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
