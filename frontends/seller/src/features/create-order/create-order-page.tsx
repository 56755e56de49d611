import { LoadingState } from '@escrow/ui/components/loading-state';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';

/** /seller/create-order (placeholder until built). */
export default function CreateOrderPage(_props: SellerPageProps) {
  return <LoadingState label="Loading…" />;
}
