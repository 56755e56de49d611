import { formatKsh } from '@escrow/ui/format/format-ksh';
import { useAdminT, type AdminT } from '../../i18n/use-admin-t.ts';
import type { AdminOrderDetail } from '../../shared/admin-types.ts';

/**
 * No payout or refund may move money M-Pesa never confirmed (PRODUCT-DECISIONS, Real money):
 * the server refuses them with PAYMENT_UNVERIFIED; the core's own rule (decision 0062).
 */
export { paymentUnverified } from '@escrow/core/rules';

type PaymentFields = Pick<
  AdminOrderDetail,
  'paymentMethod' | 'price' | 'paymentConfirmed' | 'mpesaReceipt' | 'paymentVerifiedBy' | 'paymentReceived' | 'paymentBeingVerified' | 'paymentClaimReceipt' | 'paymentClaimCheck'
>;

/** Who or what verified a payment with M-Pesa (core's VerifiedBy), in the admin's words. */
export function verifiedByLabel(t: AdminT, verifiedBy: string | null): string {
  if (verifiedBy === null) return t('admin.verifiedBy.none');
  if (verifiedBy === 'stk_query' || verifiedBy === 'c2b_confirmation' || verifiedBy === 'transaction_status') return t(`admin.verifiedBy.${verifiedBy}`);
  if (verifiedBy.startsWith('admin:')) return t('admin.verifiedBy.admin');
  return verifiedBy;
}

function paymentState(t: AdminT, order: PaymentFields): string {
  if (order.paymentBeingVerified) return t('admin.payment.state.beingVerified');
  if (!order.paymentConfirmed) return t('admin.payment.state.notPaid');
  if (order.paymentVerifiedBy === null) return t('admin.payment.state.neverVerified');
  return t('admin.payment.state.verified');
}

/**
 * The payment's lines of a detail list (<dl className="detail-list">): its state, its receipt
 * (and a different one the buyer typed, with what M-Pesa's Transaction Status said of it), who
 * or what verified it, and the amount received when it is not the price.
 */
export function PaymentVerificationRows({ order }: { order: PaymentFields }) {
  const t = useAdminT();
  if (order.paymentMethod === 'cash') {
    return (
      <div>
        <dt>{t('admin.payment')}</dt>
        <dd>{t('admin.payment.cash')}</dd>
      </div>
    );
  }
  const typed = order.paymentClaimReceipt !== null && order.paymentClaimReceipt !== order.mpesaReceipt ? order.paymentClaimReceipt : null;
  const received = order.paymentReceived !== null && order.paymentReceived !== order.price ? order.paymentReceived : null;
  return (
    <>
      <div>
        <dt>{t('admin.payment')}</dt>
        <dd>{paymentState(t, order)}</dd>
      </div>
      <div>
        <dt>{t('admin.payment.receipt')}</dt>
        <dd>{order.mpesaReceipt ? <span className="receipt-code">{order.mpesaReceipt}</span> : <span className="muted">{t('admin.noneYet')}</span>}</dd>
      </div>
      {typed ? (
        <div>
          <dt>{t('admin.payment.typed')}</dt>
          <dd>
            <span className="receipt-code">{typed}</span>
            {order.paymentBeingVerified ? <span className="muted"> {t('admin.payment.typedNotConfirmed')}</span> : null}
          </dd>
        </div>
      ) : null}
      {order.paymentBeingVerified && order.paymentClaimCheck ? (
        <div>
          <dt>{t('admin.payment.check')}</dt>
          <dd>{order.paymentClaimCheck}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('admin.payment.verifiedBy')}</dt>
        <dd>{verifiedByLabel(t, order.paymentVerifiedBy)}</dd>
      </div>
      {received !== null ? (
        <div>
          <dt>{t('admin.payment.received')}</dt>
          <dd>
            {formatKsh(received)} <span className="muted">{t('admin.payment.priceIs', { price: formatKsh(order.price) })}</span>
          </dd>
        </div>
      ) : null}
    </>
  );
}
