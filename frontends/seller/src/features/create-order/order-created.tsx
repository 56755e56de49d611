import { catalogue } from '@escrow/core/messages';
import { FormAlert } from '@escrow/ui/components/form-field';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { AppLink } from '@escrow/ui/components/app-link';
import { LinkField } from '../../shared/link-field.tsx';
import type { SellerOrderView } from '../../shared/orders-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { buyerMessage, whatsappLink } from './whatsapp-link.ts';

/**
 * The result screen (spec section 2): tracking number, buyer link (it carries the delivery
 * code), seller link, copy buttons, a WhatsApp message to the buyer, and the way back.
 */
export function OrderCreated({ order, businessName, message, onAnother, navigate }: { order: SellerOrderView; businessName: string; message: string; onAnother: () => void } & SellerPageProps) {
  const text = buyerMessage({ buyerName: order.buyerName, itemName: order.itemName, price: formatKsh(order.price), businessName, buyerLink: order.links.buyer });
  return (
    <section className="seller-page" aria-labelledby="order-created-title">
      <FormAlert tone="success">{message}</FormAlert>
      <h1 id="order-created-title" className="order-created__title">
        {order.itemName}
      </h1>
      <dl className="money-list seller-card">
        <div className="money-row money-row--strong">
          <dt>Tracking number</dt>
          <dd className="tracking-number">{order.trackingNumber}</dd>
        </div>
        <div className="money-row">
          <dt>Price</dt>
          <dd>{formatKsh(order.price)}</dd>
        </div>
        <div className="money-row">
          <dt>You receive</dt>
          <dd>{formatKsh(order.sellerPayout)}</dd>
        </div>
      </dl>
      <div className="seller-card form">
        <LinkField label="Buyer link" value={order.links.buyer} hint="Send this to the buyer: it shows the order and lets them pay. Their delivery code goes only to the phone that pays." copiedText={catalogue.seller.buyerLinkCopied} />
        <LinkField label="Seller link" value={order.links.seller} hint="Your page for this order: follow it and assign a rider." copiedText={catalogue.seller.sellerLinkCopied} />
        <a className="button button--whatsapp" href={whatsappLink(order.buyerPhone, text)} target="_blank" rel="noopener noreferrer">
          Send via WhatsApp
        </a>
      </div>
      <div className="dashboard-links">
        <AppLink to="/seller/dashboard" navigate={navigate} className="button button--secondary">
          Back to Dashboard
        </AppLink>
        <AppLink to={`/order/${order.id}`} navigate={navigate} className="button button--secondary">
          View order
        </AppLink>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          Create another order
        </button>
      </div>
    </section>
  );
}
