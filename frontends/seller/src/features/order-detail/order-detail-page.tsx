import { LoadingState } from '@escrow/ui/components/loading-state';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';

export interface OrderDetailPageProps extends SellerPageProps {
  orderId: string;
}

/** /order/{id}: detail and tracking (placeholder until built). */
export default function OrderDetailPage({ orderId }: OrderDetailPageProps) {
  return <LoadingState label={`Loading order ${orderId}…`} />;
}
