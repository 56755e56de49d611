import { LoadingState } from '@escrow/ui/components/loading-state';

export interface AdminDashboardPageProps {
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** The admin area at /admin (placeholder until built). */
export default function AdminDashboardPage(_props: AdminDashboardPageProps) {
  return <LoadingState label="Loading" />;
}
