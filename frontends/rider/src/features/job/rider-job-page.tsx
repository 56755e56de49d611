import { LoadingState } from '@escrow/ui/components/loading-state';

export interface RiderJobPageProps {
  orderId: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** The rider's job view at /rider/{orderId}?phone=...&key=... (placeholder until built). */
export default function RiderJobPage({ orderId }: RiderJobPageProps) {
  return <LoadingState label={`Loading job ${orderId}…`} />;
}
