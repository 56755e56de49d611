import { StatusBadge } from '@escrow/ui/components/status-badge';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
import { localText, useAdminT } from '../../i18n/use-admin-t.ts';
import { adminApi } from '../../shared/admin-api.ts';
import type { UnmatchedPayment, UnverifiedPayments, UnverifiedOrderPayment } from '../../shared/admin-types.ts';
import { EmptyPart, FailedPart, LoadingPart, NotCurrentNote } from '../../shared/inline-state.tsx';
import { useAdminQuery } from '../../shared/use-admin-query.ts';
import { ResolvePaymentDialog } from './resolve-payment-dialog.tsx';

/**
 * Money M-Pesa and the orders disagree about (issue 15): Paybill payments whose account number
 * matched no order, for an admin to attach or refund, and orders whose payment is not verified
 * (claims waiting for M-Pesa, flagged after 24 hours; orders paid on a typed receipt before
 * payments were verified). `escrow-admin payments list --unverified` prints the same.
 */
export function UnmatchedPaymentsTab() {
  const t = useAdminT();
  const payments = useAdminQuery<UnverifiedPayments>(adminApi.unverifiedPaymentsPath());
  let body;
  if (payments.failed && payments.data === null) body = <FailedPart title={t('admin.failed.payments')} onRetry={payments.reload} unavailable={payments.unavailable} />;
  else if (payments.data === null) body = <LoadingPart label={t('admin.payments.loading')} />;
  else
    body = (
      <>
        {payments.failed ? <NotCurrentNote onRetry={payments.reload} /> : null}
        <UnmatchedList payments={payments.data.unmatched} />
        <h2 id="unverified-title" className="admin-subtitle">
          {t('admin.payments.verifying')}
        </h2>
        <UnverifiedList orders={payments.data.orders} />
      </>
    );
  return (
    <section className="admin-section" aria-labelledby="unmatched-title">
      <div className="admin-section__header">
        <h2 id="unmatched-title">{t('admin.payments.title')}</h2>
        <p className="section-note">{t('admin.payments.note')}</p>
      </div>
      {body}
    </section>
  );
}

function UnmatchedList({ payments }: { payments: readonly UnmatchedPayment[] }) {
  const t = useAdminT();
  if (payments.length === 0) return <EmptyPart title={t('admin.payments.none')} />;
  return (
    <ul className="refund-list" aria-label={t('admin.payments.title')}>
      {payments.map((payment) => (
        <li key={payment.transId} className="refund-card">
          <article aria-label={t('admin.payments.card', { receipt: payment.transId })}>
            <div className="refund-card__header">
              <h3 className="refund-card__title">
                {formatKsh(payment.amount)} <span className="cell-sub receipt-code">{payment.transId}</span>
              </h3>
            </div>
            <dl className="detail-list detail-list--grid">
              <div>
                <dt>{t('admin.payments.accountTyped')}</dt>
                <dd>{payment.billRefNumber || <span className="muted">{t('admin.empty')}</span>}</dd>
              </div>
              <div>
                <dt>{t('admin.payments.payer')}</dt>
                <dd>{payment.payerName || <span className="muted">{t('admin.notGiven')}</span>}</dd>
              </div>
              <div>
                <dt>{t('admin.payments.received')}</dt>
                <dd>{formatNairobiDateTime(payment.receivedAt)}</dd>
              </div>
            </dl>
            {payment.note ? (
              <p className="refund-card__reason">
                <span className="refund-card__label">{t('admin.payments.whyUnmatched')} </span>
                {localText(payment.note)}
              </p>
            ) : null}
            <div className="refund-card__actions">
              <ResolvePaymentDialog payment={payment} decision="attach" />
              <ResolvePaymentDialog payment={payment} decision="refund" />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

function UnverifiedList({ orders }: { orders: readonly UnverifiedOrderPayment[] }) {
  const t = useAdminT();
  if (orders.length === 0) return <EmptyPart title={t('admin.payments.verifyingNone')} />;
  return (
    <ul className="refund-list" aria-label={t('admin.payments.verifying')}>
      {orders.map((order) => (
        <li key={order.orderId} className="refund-card">
          <article aria-label={t('admin.payments.verifyingCard', { tracking: order.trackingNumber })}>
            <div className="refund-card__header">
              <h3 className="refund-card__title">
                {order.trackingNumber} <span className="cell-sub">{formatKsh(order.price)}</span>
              </h3>
              {order.flagged ? <StatusBadge tone="warning">{t('admin.payments.over24h')}</StatusBadge> : null}
            </div>
            <dl className="detail-list detail-list--grid">
              <div>
                <dt>{t('admin.payments.state')}</dt>
                <dd>{t(`admin.payments.kind.${order.kind}`)}</dd>
              </div>
              <div>
                <dt>{t('admin.payments.receiptTyped')}</dt>
                <dd>{order.receipt ? <span className="receipt-code">{order.receipt}</span> : <span className="muted">{t('admin.none')}</span>}</dd>
              </div>
              <div>
                <dt>{t('admin.payments.since')}</dt>
                <dd>{formatNairobiDateTime(order.since)}</dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}
