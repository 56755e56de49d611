// Contracts of the seller remote's exposed pages (frontends/seller). The shell passes its
// navigation in, so the remote moves between pages without knowing the shell's router.
declare module 'seller/seller-signup-page' {
  import type { ComponentType } from 'react';

  const SellerSignupPage: ComponentType<{ navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default SellerSignupPage;
}

declare module 'seller/seller-profile-page' {
  import type { ComponentType } from 'react';

  const SellerProfilePage: ComponentType<{ navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default SellerProfilePage;
}

declare module 'seller/seller-dashboard-page' {
  import type { ComponentType } from 'react';

  const SellerDashboardPage: ComponentType<{ navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default SellerDashboardPage;
}

declare module 'seller/create-order-page' {
  import type { ComponentType } from 'react';

  const CreateOrderPage: ComponentType<{ navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default CreateOrderPage;
}

declare module 'seller/order-detail-page' {
  import type { ComponentType } from 'react';

  const OrderDetailPage: ComponentType<{ orderId: string; navigate: (to: string, options?: { replace?: boolean }) => void }>;
  export default OrderDetailPage;
}
