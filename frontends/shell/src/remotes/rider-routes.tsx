import { lazy } from 'react';
import { navigate } from '../routing/location-store.ts';
import { RemoteRoute } from './remote-route.tsx';

// The rider remote is downloaded on the first visit to a rider page only.
const RiderJobPage = lazy(() => import('rider/rider-job-page'));
const RiderJobsPage = lazy(() => import('rider/rider-jobs-page'));

export function RiderJobRoute({ orderId }: { orderId: string }) {
  return (
    <RemoteRoute>
      <RiderJobPage key={orderId} orderId={orderId} navigate={navigate} />
    </RemoteRoute>
  );
}

export const RiderJobsRoute = () => (
  <RemoteRoute>
    <RiderJobsPage navigate={navigate} />
  </RemoteRoute>
);
