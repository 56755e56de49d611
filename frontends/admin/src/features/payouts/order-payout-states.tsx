import type { AdminOrder, AdminPayout } from '../../shared/admin-types.ts';
import { OrderPayoutsDialog } from './order-payouts-dialog.tsx';
import { PayoutStateBadge } from './payout-card.tsx';

const WHO: Record<AdminPayout['purpose'], string> = { seller: 'Seller', rider: 'Rider', refund: 'Refund' };

/** An order's payouts on its row: each one's state ('Seller: Sent to M-Pesa'), and 'Payouts' for the detail and actions. */
export function OrderPayoutStates({ order, payouts }: { order: AdminOrder; payouts: readonly AdminPayout[] }) {
  return (
    <div className="admin-payout-states">
      <ul className="admin-payout-states__list" aria-label={`Payouts of ${order.trackingNumber}`}>
        {payouts.map((payout) => (
          <li key={payout.id}>
            {WHO[payout.purpose]}: <PayoutStateBadge payout={payout} />
          </li>
        ))}
      </ul>
      <OrderPayoutsDialog order={order} />
    </div>
  );
}
