import { FormAlert } from '@escrow/ui/components/form-field';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { AppLink } from '@escrow/ui/components/app-link';
import { LinkField } from '../../shared/link-field.tsx';
import type { SellerOrderView } from '../../shared/orders-api.ts';
import type { SellerPageProps } from '../../shared/seller-page-props.ts';
import { buyerMessage, whatsappLink } from './whatsapp-link.ts';
import { localText, useSellerT } from '../../i18n/use-seller-t.ts';

/**
 * The result screen (spec section 2): tracking number, buyer link (it carries the delivery
 * code), seller link, copy buttons, a WhatsApp message to the buyer, and the way back.
 */
export function OrderCreated({ order, businessName, message, onAnother, navigate }: { order: SellerOrderView; businessName: string; message: string; onAnother: () => void } & SellerPageProps) {
  const t = useSellerT();
  const text = buyerMessage({ buyerName: order.buyerName, itemName: order.itemName, price: formatKsh(order.price), businessName, buyerLink: order.links.buyer });
  return (
    <section className="seller-page" aria-labelledby="order-created-title">
      <FormAlert tone="success">{localText(message)}</FormAlert>
      <h1 id="order-created-title" className="order-created__title">
        {order.itemName}
      </h1>
      <dl className="money-list seller-card">
        <div className="money-row money-row--strong">
          <dt>{t('seller.created.tracking')}</dt>
          <dd className="tracking-number">{order.trackingNumber}</dd>
        </div>
        <div className="money-row">
          <dt>{t('seller.price')}</dt>
          <dd>{formatKsh(order.price)}</dd>
        </div>
        <div className="money-row">
          <dt>{t('seller.youReceive')}</dt>
          <dd>{formatKsh(order.sellerPayout)}</dd>
        </div>
      </dl>
      <div className="seller-card form">
        <LinkField label={t('seller.buyerLink')} value={order.links.buyer} hint={t('seller.created.buyerLinkHint')} copiedText={t('catalogue.seller.buyerLinkCopied')} />
        <LinkField label={t('seller.created.sellerLink')} value={order.links.seller} hint={t('seller.created.sellerLinkHint')} copiedText={t('catalogue.seller.sellerLinkCopied')} />
        <a className="button button--whatsapp" href={whatsappLink(order.buyerPhone, text)} target="_blank" rel="noopener noreferrer">
          {t('seller.created.whatsapp')}
        </a>
      </div>
      <div className="dashboard-links">
        <AppLink to="/seller/dashboard" navigate={navigate} className="button button--secondary">
          {t('seller.created.back')}
        </AppLink>
        <AppLink to={`/order/${order.id}`} navigate={navigate} className="button button--secondary">
          {t('seller.created.view')}
        </AppLink>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t('seller.created.another')}
        </button>
      </div>
    </section>
  );
}
