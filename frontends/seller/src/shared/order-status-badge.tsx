import type { OrderStatus } from '@escrow/core/orders';
import { StatusBadge } from '@escrow/ui/components/status-badge';
import { SELLER_STATUS_LABELS, statusTone } from './order-status-label.ts';

/** An order's status as the seller's screens name it, on the kit's badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={statusTone(status)}>{SELLER_STATUS_LABELS[status]}</StatusBadge>;
}
