import { useAdminT } from '../../i18n/use-admin-t.ts';
import type { AdminOrder, AdminPayout } from '../../shared/admin-types.ts';
import { OrderPayoutsDialog } from './order-payouts-dialog.tsx';
import { PayoutStateBadge } from './payout-card.tsx';

/**
 * An order's payouts on its row: each one's state ('Seller: Sent to M-Pesa'; not once the order
 * is settled, where 'Paid ✓' says it), and 'Payouts' for the detail and actions.
 */
export function OrderPayoutStates({ order, payouts, statesShown = true }: { order: AdminOrder; payouts: readonly AdminPayout[]; statesShown?: boolean }) {
  const t = useAdminT();
  return (
    <div className="admin-payout-states">
      {statesShown ? (
        <ul className="admin-payout-states__list" aria-label={t('admin.payouts.ofOrder', { tracking: order.trackingNumber })}>
          {payouts.map((payout) => (
            <li key={payout.id}>
              {t(`admin.payouts.who.${payout.purpose}`)}: <PayoutStateBadge payout={payout} />
            </li>
          ))}
        </ul>
      ) : null}
      <OrderPayoutsDialog order={order} />
    </div>
  );
}
