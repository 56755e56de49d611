// Contracts of the rider remote's exposed pages (frontends/rider).
declare module 'rider/rider-job-page' {
  import type { ComponentType } from 'react';

  const RiderJobPage: ComponentType<{ orderId: string; navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default RiderJobPage;
}

declare module 'rider/rider-jobs-page' {
  import type { ComponentType } from 'react';

  const RiderJobsPage: ComponentType<{ navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default RiderJobsPage;
}
