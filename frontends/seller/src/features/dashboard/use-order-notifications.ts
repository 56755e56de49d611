import { notify } from '@escrow/ui/toast/show-toast';
import type { SellerDashboard } from '../../shared/orders-api.ts';
import { useInterval } from '../../shared/use-interval.ts';
import { SELLER_LIVE, useSellerLive, type OrderChangedEvent } from '../../shared/seller-live.ts';
import { sellerText as t } from '../../i18n/use-seller-t.ts';

/** Spec section 9: the dashboard polls every 120 seconds (a fallback for missed live events). */
export const DASHBOARD_POLL_MS = 120_000;
/** Spec section 9: new-order and payment toasts last 8 seconds. */
export const NOTIFICATION_TOAST_MS = 8_000;

/** The toast for an event the seller should hear about (spec section 4: notifications to sellers), in the page's language. */
function notificationFor(event: OrderChangedEvent, itemName: string | null) {
  const item = itemName ? { item: itemName } : null;
  switch (event.action) {
    case 'create_order':
      return { title: item ? t('seller.notify.newOrderItem', item) : t('seller.notify.newOrder'), description: t('seller.notify.newOrderBody'), tone: 'info' as const };
    // M-Pesa confirmed the payment (a prompt, the Paybill, or an admin attaching it); `confirm_payment` is the old name.
    case 'verify_payment':
    case 'confirm_payment':
      return { title: item ? t('seller.notify.paidItem', item) : t('seller.notify.paid'), description: t('catalogue.seller.assignRiderToProceed'), tone: 'success' as const };
    case 'claim_payment':
      return { title: item ? t('seller.notify.claimedItem', item) : t('seller.notify.claimed'), description: t('seller.notify.claimedBody'), tone: 'info' as const };
    case 'complete_delivery':
      return { title: item ? t('seller.notify.deliveredItem', item) : t('seller.notify.delivered'), description: t('seller.notify.deliveredBody'), tone: 'success' as const };
    default:
      return null;
  }
}

/**
 * Keeps the dashboard current: the seller's live stream (GET /api/live/seller) re-reads the
 * figures and orders on every change and raises an 8-second toast for a new order, a confirmed
 * payment ('Assign a rider to proceed') or a completed delivery; the 120-second poll and every
 * reconnection re-read as well.
 */
export function useOrderNotifications(refresh: () => Promise<SellerDashboard | null>): void {
  useSellerLive(SELLER_LIVE, {
    onChange: (event) => {
      void refresh().then((dashboard) => {
        const order = dashboard?.recentOrders.find((o) => o.id === event.orderId);
        const notification = notificationFor(event, order?.itemName ?? null);
        if (notification) notify({ ...notification, durationMs: NOTIFICATION_TOAST_MS });
      });
    },
    onReconnect: () => void refresh(),
  });
  useInterval(() => void refresh(), DASHBOARD_POLL_MS);
}
