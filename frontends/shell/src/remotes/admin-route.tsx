import { lazy } from 'react';
import { navigate } from '../routing/location-store.ts';
import { RemoteRoute } from './remote-route.tsx';

// The admin remote is downloaded on a visit to /admin only.
const AdminDashboardPage = lazy(() => import('admin/admin-dashboard-page'));

export const AdminRoute = () => (
  <RemoteRoute>
    <AdminDashboardPage navigate={navigate} />
  </RemoteRoute>
);
