import { StatusBadge } from '@escrow/ui/components/status-badge';
import { formatKsh } from '@escrow/ui/format/format-ksh';
import { formatNairobiDateTime } from '@escrow/ui/format/format-nairobi-date';
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
  const payments = useAdminQuery<UnverifiedPayments>(adminApi.unverifiedPaymentsPath());
  let body;
  if (payments.failed && payments.data === null) body = <FailedPart what="the payments" onRetry={payments.reload} unavailable={payments.unavailable} />;
  else if (payments.data === null) body = <LoadingPart label="Loading payments…" />;
  else
    body = (
      <>
        {payments.failed ? <NotCurrentNote onRetry={payments.reload} /> : null}
        <UnmatchedList payments={payments.data.unmatched} />
        <h2 id="unverified-title" className="admin-subtitle">
          Payments being verified
        </h2>
        <UnverifiedList orders={payments.data.orders} />
      </>
    );
  return (
    <section className="admin-section" aria-labelledby="unmatched-title">
      <div className="admin-section__header">
        <h2 id="unmatched-title">Unmatched payments</h2>
        <p className="section-note">Paybill payments whose account number matched no order. Attach one to the order it was meant for, or send it back and record the refund.</p>
      </div>
      {body}
    </section>
  );
}

function UnmatchedList({ payments }: { payments: readonly UnmatchedPayment[] }) {
  if (payments.length === 0) return <EmptyPart title="No unmatched payments." />;
  return (
    <ul className="refund-list" aria-label="Unmatched payments">
      {payments.map((payment) => (
        <li key={payment.transId} className="refund-card">
          <article aria-label={`Unmatched payment ${payment.transId}`}>
            <div className="refund-card__header">
              <h3 className="refund-card__title">
                {formatKsh(payment.amount)} <span className="cell-sub receipt-code">{payment.transId}</span>
              </h3>
            </div>
            <dl className="detail-list detail-list--grid">
              <div>
                <dt>Account number typed</dt>
                <dd>{payment.billRefNumber || <span className="muted">(empty)</span>}</dd>
              </div>
              <div>
                <dt>Payer</dt>
                <dd>{payment.payerName || <span className="muted">Not given</span>}</dd>
              </div>
              <div>
                <dt>Received</dt>
                <dd>{formatNairobiDateTime(payment.receivedAt)}</dd>
              </div>
            </dl>
            {payment.note ? (
              <p className="refund-card__reason">
                <span className="refund-card__label">Why unmatched: </span>
                {payment.note}
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

const KIND_TEXT: Record<UnverifiedOrderPayment['kind'], string> = {
  claim: 'The buyer typed a receipt M-Pesa has not confirmed',
  unverified_paid: 'Paid on a typed receipt, never verified with M-Pesa (no payout or refund)',
};

function UnverifiedList({ orders }: { orders: readonly UnverifiedOrderPayment[] }) {
  if (orders.length === 0) return <EmptyPart title="No payments waiting for verification." />;
  return (
    <ul className="refund-list" aria-label="Payments being verified">
      {orders.map((order) => (
        <li key={order.orderId} className="refund-card">
          <article aria-label={`Payment being verified: ${order.trackingNumber}`}>
            <div className="refund-card__header">
              <h3 className="refund-card__title">
                {order.trackingNumber} <span className="cell-sub">{formatKsh(order.price)}</span>
              </h3>
              {order.flagged ? <StatusBadge tone="warning">Over 24 hours</StatusBadge> : null}
            </div>
            <dl className="detail-list detail-list--grid">
              <div>
                <dt>State</dt>
                <dd>{KIND_TEXT[order.kind]}</dd>
              </div>
              <div>
                <dt>Receipt typed</dt>
                <dd>{order.receipt ? <span className="receipt-code">{order.receipt}</span> : <span className="muted">None</span>}</dd>
              </div>
              <div>
                <dt>Since</dt>
                <dd>{formatNairobiDateTime(order.since)}</dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}
