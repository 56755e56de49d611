// Contract of the admin remote's exposed page (frontends/admin).
declare module 'admin/admin-dashboard-page' {
  import type { ComponentType } from 'react';

  const AdminDashboardPage: ComponentType<{ navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default AdminDashboardPage;
}
