import { lazy } from 'react';
import { RemoteRoute } from './remote-route.tsx';

// Loaded on first visit to a buyer route only; public pages never fetch the buyer remote.
const BuyerOrderPage = lazy(() => import('buyer/buyer-order-page'));

export function BuyerOrderRoute({ orderId }: { orderId: string }) {
  return (
    <RemoteRoute>
      {/* A new key per order resets the remote's state when the visitor follows another order link. */}
      <BuyerOrderPage key={orderId} orderId={orderId} />
    </RemoteRoute>
  );
}
