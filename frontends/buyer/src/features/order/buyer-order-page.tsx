import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { useBuyerOrder } from './use-buyer-order.ts';
import { useDeliveryCode } from './use-delivery-code.ts';

export interface BuyerOrderPageProps {
  orderId: string;
}

/**
 * The buyer's order page, exposed to the shell as `buyer/buyer-order-page`. For now it
 * covers the delivery code and loading the order; payment, progress and rating follow.
 *
 * The titles are the spec's texts verbatim (core's `catalogue.buyer`). They are not imported
 * from `@escrow/core` yet: its main entry pulls zod into this remote (about 25 kB gzipped)
 * until core offers a messages-only entry point.
 */
export default function BuyerOrderPage({ orderId }: BuyerOrderPageProps) {
  const deliveryCode = useDeliveryCode(orderId);
  const order = useBuyerOrder(orderId, deliveryCode);

  if (deliveryCode === null) {
    return (
      <MessageState title="Delivery code required to view order">
        <p>Open the order link your seller sent you. It contains the code for this order.</p>
      </MessageState>
    );
  }
  if (order === null || order.kind === 'loading') return <LoadingState label="Loading your order…" />;
  if (order.kind === 'not-found') {
    return (
      <MessageState tone="error" title="Order not found or invalid delivery code">
        <p>Check that you used the full link from your seller.</p>
      </MessageState>
    );
  }
  if (order.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title="Failed to load order"
        actions={
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
        }
      />
    );
  }
  return (
    <section aria-labelledby="order-title">
      <h1 id="order-title">{order.order.itemName ?? 'Your order'}</h1>
      {order.order.status ? <p>Status: {order.order.status}</p> : null}
    </section>
  );
}
