import { LoadingState } from '@escrow/ui/components/loading-state';

export interface RiderJobsPageProps {
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** The rider's dashboard at /rider?phone=... (placeholder until built). */
export default function RiderJobsPage(_props: RiderJobsPageProps) {
  return <LoadingState label="Loading jobs…" />;
}
