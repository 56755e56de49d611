import type { OrderStatus } from '@escrow/core/orders';
import { SELLER_STATUS_LABELS, statusTone } from './order-status-label.ts';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-badge--${statusTone(status)}`}>{SELLER_STATUS_LABELS[status]}</span>;
}
