// Contracts of the modules the remotes expose. Frontends never import each other, so the
// shell states here what it expects; the remote's own props type must stay compatible.
declare module 'buyer/buyer-order-page' {
  import type { ComponentType } from 'react';

  const BuyerOrderPage: ComponentType<{ orderId: string }>;
  export default BuyerOrderPage;
}
