import { BUYER_STATUS_LABELS, type OrderStatus } from '@escrow/core/orders';
import { catalogue } from '@escrow/core/messages';
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
  const { code, remember } = useDeliveryCode(orderId);
  const handle = useBuyerOrder(orderId, code);
  const { state } = handle;

  useEffect(() => {
    if (state.kind === 'loaded') remember();
  }, [state.kind, remember]);

  if (code === null) {
    return (
      <MessageState title={catalogue.buyer.deliveryCodeRequired}>
        <p>Open the order link your seller sent you. It contains the code for this order.</p>
      </MessageState>
    );
  }
  if (state.kind === 'loading') return <LoadingState label="Loading your order…" />;
  if (state.kind === 'not-found') {
    return (
      <MessageState tone="error" title={catalogue.buyer.orderNotFoundOrInvalidCode}>
        <p>Check that you opened the full link from your seller, or ask the seller to send it again.</p>
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
            Try again
          </button>
        }
      >
        {/* A 503's title already says what happened: the service, not the phone's connection. */}
        {state.status === 503 ? null : <p>Please check your internet connection and try again.</p>}
      </MessageState>
    );
  }
  return <LoadedOrder order={state.data} stale={state.stale} deliveryCode={code} handle={handle} />;
}

/** The status heading; a claimed payment M-Pesa has not confirmed shows as being verified, not as awaited. */
function statusLabel(order: BuyerOrder): string {
  return order.paymentBeingVerified && order.status === 'awaiting_payment' ? 'Payment Being Verified' : BUYER_STATUS_LABELS[order.status];
}

function LoadedOrder({ order, stale, deliveryCode, handle }: { order: BuyerOrder; stale: boolean; deliveryCode: string; handle: LiveOrder<BuyerOrder> }) {
  const [notice, setNotice] = useState<{ readonly text: string; readonly holds: readonly OrderStatus[] } | null>(null);
  // M-Pesa confirming a claim reaches the page as a live event and a re-read: say so once.
  const [wasVerifying, setWasVerifying] = useState(order.paymentBeingVerified);
  if (wasVerifying !== order.paymentBeingVerified) {
    setWasVerifying(order.paymentBeingVerified);
    if (wasVerifying && order.paymentConfirmed) setNotice({ text: catalogue.buyer.paymentConfirmed, holds: UNTIL_DELIVERY });
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
        <p className="eyebrow">{order.sellerBusinessName ? `Order from ${order.sellerBusinessName}` : 'Your order'}</p>
        <h1>{order.itemName}</h1>
      </header>

      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title" className="status-label" aria-live="polite">
          {statusLabel(order)}
        </h2>
        <OrderProgress status={order.status} />
        {order.status === 'cancelled' && !order.refund ? <p>This order was cancelled. No payment is expected.</p> : null}
        {order.refund ? (
          <p className={`refund-state refund-state--${order.refund.state}`} role="status">
            {order.refund.message}
          </p>
        ) : null}
        {stale ? (
          <p className="note" role="status">
            This page could not be refreshed and may be out of date.{' '}
            <button type="button" className="text-link-button" onClick={handle.reload}>
              Refresh
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
