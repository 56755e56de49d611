import { withQueryCache } from '@escrow/api-client/query-client';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { loadFailedText } from '../../shared/load-failed.tsx';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { useInterval } from '../../shared/use-interval.ts';
import { SELLER_LIVE, useSellerLive } from '../../shared/seller-live.ts';
import { PublicOrderView } from './public-order-view.tsx';
import { SellerOrderDetail } from './seller-order-view.tsx';
import { useOrderPage } from './use-order-page.ts';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { sellerCatalog } from '../../i18n/catalog.ts';
import { useSellerTexts } from '../../i18n/use-seller-texts.ts';
import { useSellerT } from '../../i18n/use-seller-t.ts';
import '../../shared/seller.css';
import './order-detail.css';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(sellerCatalog);

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
  const ready = useSellerTexts();
  const t = useSellerT();
  const { state, retry, refresh } = useOrderPage(orderId);
  const kind = state.kind === 'loaded' ? state.page.kind : null;
  useSellerLive(kind === 'seller' ? SELLER_LIVE : null, {
    onChange: (event) => {
      if (event.orderId === orderId) void refresh();
    },
    onReconnect: () => void refresh(),
  });
  useInterval(() => void refresh(), kind === 'public' ? PUBLIC_REFRESH_MS : null);

  // The Swahili texts are a chunk of their own: loading until they are here.
  if (state.kind === 'loading' || !ready) return <LoadingState label={t('seller.order.loading')} />;
  if (state.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title={t('seller.order.loadFailed')}
        actions={
          <>
            <button type="button" className="button" onClick={retry}>
              {t('seller.tryAgain')}
            </button>
            <a href="/" className="button button--secondary">
              {t('seller.goHome')}
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
        title={t('catalogue.seller.orderNotFound')}
        actions={
          <a href="/" className="button">
            {t('seller.goHome')}
          </a>
        }
      >
        <p>{t('seller.order.notFoundBody')}</p>
      </MessageState>
    );
  }
  if (page.kind === 'public') return <PublicOrderView view={page.view} />;
  return <SellerOrderDetail order={page.order} onChanged={refresh} navigate={navigate} />;
}

export default withQueryCache(OrderDetailPage);
