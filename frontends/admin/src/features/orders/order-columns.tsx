import type { ReactNode } from 'react';
import { StatusBadge, type BadgeTone } from '@escrow/ui/components/status-badge';
import type { Column } from '@escrow/ui/components/data-list';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { useAdminT, type AdminT } from '../../i18n/use-admin-t.ts';
import type { AdminOrder } from '../../shared/admin-types.ts';
import { ApprovePayoutDialog } from '../payouts/approve-payout-dialog.tsx';
import { OrderPayoutStates } from '../payouts/order-payout-states.tsx';
import { usePayoutMode } from '../payouts/payout-mode.ts';
import { settlementPayouts } from '../payouts/payout-words.ts';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';

/** The Seller column: the business name, or 'N/A' when the seller record is gone. */
export const sellerName = (t: AdminT, order: AdminOrder) => order.sellerBusinessName ?? t('admin.notAvailable');

/** The badge's colour: settled green, awaiting settlement amber, cancelled red, any other grey. */
function orderStatusTone(status: AdminOrder['status']): BadgeTone {
  if (status === 'settlement_completed' || status === 'completed') return 'success';
  if (status === 'awaiting_settlement') return 'warning';
  if (status === 'cancelled') return 'danger';
  return 'neutral';
}

/** The spec's labels are lower case apart from its two named ones; the badge capitalises for display only. */
export function OrderStatusBadge({ status }: { status: AdminOrder['status'] }) {
  const t = useAdminT();
  return (
    <StatusBadge tone={orderStatusTone(status)} wrap capitalized>
      {t(`admin.status.${status}`)}
    </StatusBadge>
  );
}

/**
 * 'Mark Paid' for delivered orders not yet settled whose payment M-Pesa verified, 'Paid ✓' once
 * settled; a delivered order on an unverified payment says so instead (no payout of money M-Pesa
 * never confirmed; the server refuses it too). Otherwise nothing to do.
 *
 * Where M-Pesa pays out (MPESA_PAYOUTS), Mark Paid is 'Approve payout' while a payout waits for
 * it; once approved, the row shows each payout's state and 'Payouts' (Retry, Record M-Pesa
 * reference) until M-Pesa has paid them all and the order is settled.
 */
function OrderAction({ order }: { order: AdminOrder }) {
  const t = useAdminT();
  const mode = usePayoutMode();
  const payouts = settlementPayouts(order.payouts);
  // The payouts keep one place in the cell from approval to settlement, so their dialog, if open, stays open.
  const withPayouts = (action: ReactNode) => (
    <span className="order-action">
      {action}
      {payouts.length > 0 ? <OrderPayoutStates order={order} payouts={payouts} statesShown={!order.settlementPaid} /> : null}
    </span>
  );
  if (order.settlementPaid) return withPayouts(<StatusBadge tone="success">{t('admin.orders.paid')}</StatusBadge>);
  if (order.actions.includes('confirm_settlement')) {
    const waiting = payouts.length === 0 || payouts.some((p) => p.state === 'awaiting_approval');
    // The payouts waiting stay reachable beside it: one paid by hand is recorded there instead of approved.
    if (mode !== 'manual' && waiting) return withPayouts(<ApprovePayoutDialog order={order} />);
    // Payouts made while M-Pesa payouts were on are settled one by one (Record M-Pesa reference), never by Mark Paid.
    if (payouts.length > 0) return withPayouts(null);
    return withPayouts(<MarkPaidDialog order={order} />);
  }
  if (order.status === 'awaiting_settlement') return <StatusBadge tone="warning">{t('admin.orders.paymentNotVerified')}</StatusBadge>;
  if (order.paymentBeingVerified) return <span className="muted">{t('admin.orders.paymentBeingVerified')}</span>;
  return <span className="muted">—</span>;
}

/** Spec section 2: Item, Seller, Buyer, Price, Seller Payout, Rider Payout, Order Status, Created, Action (headers in the page's language). */
export const orderColumns = (t: AdminT): readonly Column<AdminOrder>[] => [
  {
    header: t('admin.orders.col.item'),
    cell: (order) => (
      <>
        <span className="cell-strong">{order.itemName}</span>
        <span className="cell-sub">{order.trackingNumber}</span>
      </>
    ),
  },
  { header: t('admin.orders.col.seller'), cell: (order) => sellerName(t, order) },
  {
    header: t('admin.orders.col.buyer'),
    cell: (order) => (
      <>
        {order.buyerName}
        <span className="cell-sub">{order.buyerPhone}</span>
      </>
    ),
  },
  { header: t('admin.orders.col.price'), cell: (order) => formatKsh(order.price), numeric: true },
  { header: t('admin.orders.col.sellerPayout'), cell: (order) => formatKsh(order.sellerPayout), numeric: true },
  { header: t('admin.orders.col.riderPayout'), cell: (order) => formatKsh(order.riderPayout), numeric: true },
  { header: t('admin.orders.col.status'), cell: (order) => <OrderStatusBadge status={order.status} /> },
  { header: t('admin.orders.col.created'), cell: (order) => formatNairobiDateTime(order.createdAt) },
  { header: t('admin.orders.col.action'), cell: (order) => <OrderAction order={order} />, nowrap: true },
];
