import { withQueryCache } from '@escrow/api-client/query-client';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { catalogue } from '@escrow/core/messages';
import { loadFailedText } from '../../shared/load-failed.tsx';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { useInterval } from '../../shared/use-interval.ts';
import { SELLER_LIVE, useSellerLive } from '../../shared/seller-live.ts';
import { PublicOrderView } from './public-order-view.tsx';
import { SellerOrderDetail } from './seller-order-view.tsx';
import { useOrderPage } from './use-order-page.ts';
import '../../shared/seller.css';
import './order-detail.css';

export interface OrderDetailPageProps extends SellerPageProps {
  orderId: string;
}

/** Visitors without a session re-read the public tracking view this often (decision 0028). */
export const PUBLIC_REFRESH_MS = 20_000;

/**
 * /order/{id} (spec section 2): for the order's signed-in seller, every detail with the
 * assign-rider panel, live through the seller's stream; for everyone else, tracking only,
 * re-read every 20 seconds, with the delivery-code card for a visitor who holds the code.
 */
function OrderDetailPage({ orderId, navigate }: OrderDetailPageProps) {
  return (
    <OrderDetail orderId={orderId} navigate={navigate} />
  );
}

function OrderDetail({ orderId, navigate }: OrderDetailPageProps) {
  const { state, retry, refresh } = useOrderPage(orderId);
  const kind = state.kind === 'loaded' ? state.page.kind : null;
  useSellerLive(kind === 'seller' ? SELLER_LIVE : null, {
    onChange: (event) => {
      if (event.orderId === orderId) void refresh();
    },
    onReconnect: () => void refresh(),
  });
  useInterval(() => void refresh(), kind === 'public' ? PUBLIC_REFRESH_MS : null);

  if (state.kind === 'loading') return <LoadingState label="Loading the order…" />;
  if (state.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title="We could not load this order"
        actions={
          <>
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
            <a href="/" className="button button--secondary">
              Go Home
            </a>
          </>
        }
      >
        <p>{loadFailedText(state.status)}</p>
      </MessageState>
    );
  }
  const page = state.page;
  if (page.kind === 'not-found') {
    return (
      <MessageState
        tone="error"
        title={catalogue.seller.orderNotFound}
        actions={
          <a href="/" className="button">
            Go Home
          </a>
        }
      >
        <p>Check that you opened the full link. If the order was just created, ask the seller for a new link.</p>
      </MessageState>
    );
  }
  if (page.kind === 'public') return <PublicOrderView view={page.view} />;
  return <SellerOrderDetail order={page.order} onChanged={refresh} navigate={navigate} />;
}

export default withQueryCache(OrderDetailPage);
