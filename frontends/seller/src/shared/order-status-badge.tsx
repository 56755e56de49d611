import type { OrderStatus } from '@escrow/core/orders';
import { StatusBadge } from '@escrow/ui/components/status-badge';
import { useSellerT } from '../i18n/use-seller-t.ts';
import { statusTone } from './order-status-label.ts';

/** An order's status as the seller's screens name it (SELLER_STATUS_LABELS, in the page's language), on the kit's badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useSellerT();
  return <StatusBadge tone={statusTone(status)}>{t(`seller.status.${status}`)}</StatusBadge>;
}
