import { catalogue } from '@escrow/core/messages';
import { OrderProgress } from '@escrow/ui/order/order-progress';
import { AppLink } from '@escrow/ui/components/app-link';
import { LinkField } from '../../shared/link-field.tsx';
import type { SellerOrderView } from '../../shared/orders-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { OrderStatusBadge } from '../../shared/order-status-badge.tsx';
import { AssignRiderPanel, riderActions } from './assign-rider-panel.tsx';
import { OrderFacts, OrderPhotos } from './order-facts.tsx';
import { OrderNotes } from './order-notes.tsx';
import { PaymentClaimCard } from './payment-verification.tsx';
import { UnlockCodeCard } from './unlock-code-card.tsx';

/** The order as its signed-in seller sees it: progress, the rider panel, links, details. */
export function SellerOrderDetail({ order, onChanged, navigate }: { order: SellerOrderView; onChanged: () => Promise<void> } & SellerPageProps) {
  const actions = riderActions(order);
  return (
    <section className="seller-page" aria-labelledby="order-title">
      <AppLink to="/seller/dashboard" navigate={navigate} className="back-link">
        ← Back to Dashboard
      </AppLink>
      <div className="order-heading">
        <h1 id="order-title">{order.itemName}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="section-note">
        Tracking number <span className="tracking-number">{order.trackingNumber}</span>
      </p>
      <div className="seller-card progress-card">
        <OrderProgress status={order.status} />
      </div>
      <PaymentClaimCard order={order} />
      {order.codeLocked && order.actions.includes('unlock_code') ? <UnlockCodeCard order={order} onChanged={onChanged} /> : null}
      {actions.canAssign || actions.canRemove ? <AssignRiderPanel order={order} onChanged={onChanged} /> : null}
      <section className="seller-card form" aria-labelledby="links-title">
        <h2 id="links-title" className="seller-card__title">
          Links
        </h2>
        <LinkField
          label="Buyer link"
          value={order.links.buyer}
          hint="Send it to the buyer: it shows the order and how to pay. The delivery code goes only to the phone that pays."
          copiedText={catalogue.seller.buyerLinkCopied}
        />
        {order.codeSentTo ? <p className="section-note">Code sent to {order.codeSentTo}</p> : null}
        {order.links.rider ? <LinkField label="Rider link" value={order.links.rider} hint="Send it to the rider: it opens this job. It stops working if you change the rider." copiedText="Rider link copied!" /> : null}
      </section>
      <OrderNotes order={order} />
      <OrderFacts order={order} />
      <OrderPhotos order={order} />
    </section>
  );
}
