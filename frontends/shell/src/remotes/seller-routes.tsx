import { lazy } from 'react';
import { navigate } from '../routing/location-store.ts';
import { RemoteRoute } from './remote-route.tsx';

// The seller remote is downloaded on the first visit to a seller page only.
const SellerSignupPage = lazy(() => import('seller/seller-signup-page'));
const SellerProfilePage = lazy(() => import('seller/seller-profile-page'));
const SellerDashboardPage = lazy(() => import('seller/seller-dashboard-page'));

export const SellerSignupRoute = () => (
  <RemoteRoute>
    <SellerSignupPage navigate={navigate} />
  </RemoteRoute>
);

export const SellerProfileRoute = () => (
  <RemoteRoute>
    <SellerProfilePage navigate={navigate} />
  </RemoteRoute>
);

export const SellerDashboardRoute = () => (
  <RemoteRoute>
    <SellerDashboardPage navigate={navigate} />
  </RemoteRoute>
);

const CreateOrderPage = lazy(() => import('seller/create-order-page'));
const OrderDetailPage = lazy(() => import('seller/order-detail-page'));

export const CreateOrderRoute = () => (
  <RemoteRoute>
    <CreateOrderPage navigate={navigate} />
  </RemoteRoute>
);

export function OrderDetailRoute({ orderId }: { orderId: string }) {
  return (
    <RemoteRoute>
      <OrderDetailPage key={orderId} orderId={orderId} navigate={navigate} />
    </RemoteRoute>
  );
}
