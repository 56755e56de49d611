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
import { Text } from '@escrow/ui/i18n/react';
import { useSellerT, type SellerText } from '../../i18n/use-seller-t.ts';

/** The order as its signed-in seller sees it: progress, the rider panel, links, details. */
export function SellerOrderDetail({ order, onChanged, navigate }: { order: SellerOrderView; onChanged: () => Promise<void> } & SellerPageProps) {
  const t = useSellerT();
  const actions = riderActions(order);
  return (
    <section className="seller-page" aria-labelledby="order-title">
      <AppLink to="/seller/dashboard" navigate={navigate} className="back-link">
        {t('seller.backToDashboard')}
      </AppLink>
      <div className="order-heading">
        <h1 id="order-title">{order.itemName}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="section-note">
        <Text<SellerText> id="seller.order.trackingNumber" values={{ number: order.trackingNumber }} components={{ 0: <span className="tracking-number" /> }} />
      </p>
      <div className="seller-card progress-card">
        <OrderProgress status={order.status} />
      </div>
      <PaymentClaimCard order={order} />
      {order.codeLocked && order.actions.includes('unlock_code') ? <UnlockCodeCard order={order} onChanged={onChanged} /> : null}
      {actions.canAssign || actions.canRemove ? <AssignRiderPanel order={order} onChanged={onChanged} /> : null}
      <section className="seller-card form" aria-labelledby="links-title">
        <h2 id="links-title" className="seller-card__title">
          {t('seller.order.links')}
        </h2>
        <LinkField
          label={t('seller.buyerLink')}
          value={order.links.buyer}
          hint={t('seller.order.buyerLinkHint')}
          copiedText={t('catalogue.seller.buyerLinkCopied')}
        />
        {order.codeSentTo ? <p className="section-note">{t('seller.order.codeSentTo', { phone: order.codeSentTo })}</p> : null}
        {order.links.rider ? <LinkField label={t('seller.order.riderLink')} value={order.links.rider} hint={t('seller.order.riderLinkHint')} copiedText={t('seller.order.riderLinkCopied')} /> : null}
      </section>
      <OrderNotes order={order} />
      <OrderFacts order={order} />
      <OrderPhotos order={order} />
    </section>
  );
}
