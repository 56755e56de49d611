import type { OrderStatus } from '@escrow/core/orders';
import { BEFORE_DELIVERY_STATUSES, DELIVERED_STATUSES } from '@escrow/core/rules';
import { FormAlert } from '@escrow/ui/components/form-field';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { MessageState } from '@escrow/ui/components/message-state';
import { OrderProgress } from '@escrow/ui/order/order-progress';
import { useEffect, useState } from 'react';
import type { BuyerOrder } from './buyer-api.ts';
import '@escrow/ui/order/order-screen.css';
import './buyer.css';
import { DeliveryCodeCard } from './delivery-code-card.tsx';
import { FeedbackSection } from './feedback-section.tsx';
import { OrderDetails } from './order-details.tsx';
import { PaymentSection } from './payment-section.tsx';
import { RefundRequestSection } from './refund-request-section.tsx';
import type { LiveOrder } from '@escrow/api-client/live-order';
import { useBuyerOrder, type BuyerAction } from './use-buyer-order.ts';
import { useDeliveryCode } from './use-delivery-code.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { useCatalog } from '@escrow/ui/i18n/react';
import { buyerCatalog } from '../../i18n/catalog.ts';

// Registered as the page loads, so a page started in Swahili fetches these texts before its first render.
registerCatalog(buyerCatalog);

export interface BuyerOrderPageProps {
  orderId: string;
}

/**
 * Where the order may be while a notice of the buyer's own step still holds: "Payment received ...
 * held safely until you receive your item" is stale once the order is refunded or delivered.
 */
const UNTIL_DELIVERY: readonly OrderStatus[] = ['awaiting_payment', ...BEFORE_DELIVERY_STATUSES];

/**
 * The buyer's order page (/buyer/order/{id}?code=... and /buyer/{id}?code=...), exposed to the
 * shell as `buyer/buyer-order-page`: status and progress, the M-Pesa prompt, the Paybill
 * instructions and the payment confirmation while payment is awaited (or a typed receipt is
 * being verified with M-Pesa), the delivery code and the refund request
 * before delivery, the rating after it; kept current by the order's live events.
 */
export default function BuyerOrderPage({ orderId }: BuyerOrderPageProps) {
  const ready = useCatalog(buyerCatalog);
  const t = useBuyerT();
  const { code, remember } = useDeliveryCode(orderId);
  const handle = useBuyerOrder(orderId, code);
  const { state } = handle;

  useEffect(() => {
    if (state.kind === 'loaded') remember();
  }, [state.kind, remember]);

  if (code === null) {
    return (
      <MessageState title={t('catalogue.buyer.deliveryCodeRequired')}>
        <p>{t('buyer.codeNeeded.body')}</p>
      </MessageState>
    );
  }
  // The page's Swahili texts are a chunk of their own: loading until they are here.
  if (state.kind === 'loading' || !ready) return <LoadingState label={t('buyer.loading')} />;
  if (state.kind === 'not-found') {
    return (
      <MessageState tone="error" title={t('catalogue.buyer.orderNotFoundOrInvalidCode')}>
        <p>{t('buyer.notFound.body')}</p>
      </MessageState>
    );
  }
  if (state.kind === 'failed') {
    return (
      <MessageState
        tone="error"
        title={state.message}
        actions={
          <button type="button" className="button" onClick={handle.retry}>
            {t('buyer.tryAgain')}
          </button>
        }
      >
        {/* A 503's title already says what happened: the service, not the phone's connection. */}
        {state.status === 503 ? null : <p>{t('buyer.checkConnection')}</p>}
      </MessageState>
    );
  }
  return <LoadedOrder order={state.data} stale={state.stale} deliveryCode={code} handle={handle} />;
}

/** The status heading; a claimed payment M-Pesa has not confirmed shows as being verified, not as awaited. */
function statusLabel(order: BuyerOrder, t: ReturnType<typeof useBuyerT>): string {
  return order.paymentBeingVerified && order.status === 'awaiting_payment' ? t('buyer.status.beingVerified') : t(`status.buyer.${order.status}`);
}

function LoadedOrder({ order, stale, deliveryCode, handle }: { order: BuyerOrder; stale: boolean; deliveryCode: string; handle: LiveOrder<BuyerOrder> }) {
  const t = useBuyerT();
  const [notice, setNotice] = useState<{ readonly text: string; readonly holds: readonly OrderStatus[] } | null>(null);
  // M-Pesa confirming a claim reaches the page as a live event and a re-read: say so once.
  const [wasVerifying, setWasVerifying] = useState(order.paymentBeingVerified);
  if (wasVerifying !== order.paymentBeingVerified) {
    setWasVerifying(order.paymentBeingVerified);
    if (wasVerifying && order.paymentConfirmed) setNotice({ text: t('catalogue.buyer.paymentConfirmed'), holds: UNTIL_DELIVERY });
  }
  const actionProps = (action: BuyerAction) => ({
    orderId: order.id,
    deliveryCode,
    onSending: () => handle.expectOwn(action),
    onNotSent: () => handle.forgetOwn(action),
  });
  const done = (holds: readonly OrderStatus[]) => (message: string) => {
    setNotice({ text: message, holds });
    handle.reload();
  };
  // What the buyer may do comes with the order, from the core's transition table (decision 0062).
  const may = (action: BuyerOrder['actions'][number]) => order.actions.includes(action);
  // Paid, not yet delivered: the code is still the buyer's to give, or to withhold. Cash orders are
  // never paid into escrow, but their code still completes the delivery.
  const showCode = (order.paymentConfirmed || order.paymentMethod === 'cash') && BEFORE_DELIVERY_STATUSES.includes(order.status);

  return (
    <div className="order-screen">
      <header className="order-screen__header">
        <p className="eyebrow">{order.sellerBusinessName ? t('buyer.orderFrom', { seller: order.sellerBusinessName }) : t('buyer.yourOrder')}</p>
        <h1>{order.itemName}</h1>
      </header>

      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title" className="status-label" aria-live="polite">
          {statusLabel(order, t)}
        </h2>
        <OrderProgress status={order.status} />
        {order.status === 'cancelled' && !order.refund ? <p>{t('buyer.cancelledNoPayment')}</p> : null}
        {order.refund ? (
          <p className={`refund-state refund-state--${order.refund.state}`} role="status">
            {order.refund.message}
          </p>
        ) : null}
        {stale ? (
          <p className="note" role="status">
            {t('buyer.stale')}{' '}
            <button type="button" className="text-link-button" onClick={handle.reload}>
              {t('buyer.refresh')}
            </button>
          </p>
        ) : null}
      </section>

      {notice && notice.holds.includes(order.status) ? <FormAlert tone="success">{notice.text}</FormAlert> : null}

      {order.payment && may('confirm_payment') ? (
        <PaymentSection
          order={order}
          payment={order.payment}
          {...actionProps('claim_payment')}
          onConfirmed={done(UNTIL_DELIVERY)}
          onClaimed={handle.reload}
          subscribe={handle.subscribe}
          onOrderMoved={handle.reload}
        />
      ) : null}

      {showCode ? <DeliveryCodeCard order={order} credential={deliveryCode} refundRequested={order.refundRequested} onReload={handle.reload} /> : null}

      {may('submit_feedback') ? <FeedbackSection {...actionProps('submit_feedback')} feedback={order.feedback} onSubmitted={done(DELIVERED_STATUSES)} /> : null}

      <OrderDetails order={order} />

      {may('request_refund') ? <RefundRequestSection {...actionProps('request_refund')} requested={order.refundRequested} onRequested={done(UNTIL_DELIVERY)} /> : null}
    </div>
  );
}
